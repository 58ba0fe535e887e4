import { PassThrough } from 'node:stream'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { logOutput } from './log-output.js'

async function logged(toTerminal: boolean): Promise<string> {
  const terminal = new PassThrough()
  let text = ''
  terminal.on('data', (chunk: Buffer) => (text += chunk.toString()))
  const options = logOutput('info', toTerminal, terminal)
  const app = Fastify({ logger: toTerminal ? options : { ...(options as object), stream: terminal } })
  app.log.info({ url: '/x' }, 'Weft is ready on http://localhost:3000')
  app.log.info({ req: { headers: { cookie: 'weft=secret-cookie' } } }, 'incoming')
  await app.close()
  return text
}

describe('server log output', () => {
  it('prints readable one-line entries on a terminal, cookies redacted', async () => {
    const text = await logged(true)
    const lines = text.trim().split('\n')
    expect(lines[0]).toContain('Weft is ready on http://localhost:3000')
    expect(lines[0]).not.toContain('"level"')
    expect(lines).toHaveLength(2)
    expect(text).not.toContain('secret-cookie')
  })

  it('prints JSON lines anywhere else, so log collectors keep parsing them', async () => {
    const text = await logged(false)
    const first = JSON.parse(text.trim().split('\n')[0] ?? '') as { msg: string; level: number }
    expect(first.msg).toBe('Weft is ready on http://localhost:3000')
    expect(text).not.toContain('secret-cookie')
  })
})
