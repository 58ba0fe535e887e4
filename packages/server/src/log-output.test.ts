import { PassThrough } from 'node:stream'
import Fastify, { type FastifyServerOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { logOutput, REDACTED } from './log-output.js'

/** What the server's log writes for these requests, with the given logger options. */
async function requestLog(logger: (stream: PassThrough) => FastifyServerOptions['logger'], urls: string[]) {
  const stream = new PassThrough()
  let text = ''
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()))
  const app = Fastify({ logger: logger(stream) })
  // As in the app: every page answers (index.html), and an API route takes a key in its path.
  app.get('/*', async () => 'page')
  app.get('/api/v1/verify/apikey/:key', async () => ({ ok: true }))
  for (const url of urls) await app.inject({ url })
  await app.close()
  return text
}

const json = (stream: PassThrough) => ({ ...(logOutput('info', false) as object), stream })

const ACCOUNT_LINKS = [
  '/reset-password?token=live-reset-token-1',
  '/register?token=live-invite-token-2&email=vic%40example.com',
  '/verify?token=live-verify-token-3',
  '/api/v1/verify/apikey/live-api-key-4',
  '/sso/callback?code=live-code-5&state=live-state-6',
]

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

describe('request log', () => {
  it('logged account links in full before: the token was in the line', async () => {
    // Fastify's own request serializer, which the log used: proof that this capture sees the URL as written.
    const text = await requestLog((stream) => ({ level: 'info', stream }), [ACCOUNT_LINKS[0]!])
    expect(text).toContain('/reset-password?token=live-reset-token-1')
  })

  it('writes [redacted] for query values and route params named like secrets, on every route', async () => {
    const text = await requestLog(json, ACCOUNT_LINKS)
    const urls = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; req?: { url: string } })
      .filter((entry) => entry.msg === 'incoming request')
      .map((entry) => entry.req?.url)
    expect(urls).toEqual([
      '/reset-password?token=[redacted]',
      '/register?token=[redacted]&email=vic%40example.com',
      '/verify?token=[redacted]',
      '/api/v1/verify/apikey/[redacted]',
      '/sso/callback?code=[redacted]&state=[redacted]',
    ])
    expect(text).not.toMatch(/live-/)
  })

  it('redacts them on the terminal too', async () => {
    const text = await requestLog((stream) => logOutput('info', true, stream), ACCOUNT_LINKS)
    expect(text).toContain('/reset-password?token=[redacted]')
    expect(text).not.toMatch(/live-/)
  })
})

describe('secrets logged by mistake', () => {
  it('hides sign-in headers and secret fields wherever a caller logs them', async () => {
    const stream = new PassThrough()
    let text = ''
    stream.on('data', (chunk: Buffer) => (text += chunk.toString()))
    const app = Fastify({ logger: { level: 'info', redact: REDACTED, stream } })
    app.log.error(
      {
        err: { message: 'upstream failed', config: { headers: { Authorization: 'Bearer s-1', 'x-api-key': 's-2' } } },
        headers: { cookie: 'weft=s-3', 'set-cookie': 'weft=s-4', 'proxy-authorization': 'Basic s-5' },
        user: { email: 'ada@example.com', password: 's-6' },
        token: 's-7',
        credential: { credentialData: { openAIApiKey: 's-8' }, apiKey: 's-9' },
      },
      'a careless entry',
    )
    await app.close()
    expect(text).toContain('upstream failed')
    expect(text).toContain('ada@example.com')
    expect(text).toContain('[Redacted]')
    expect(text).not.toMatch(/s-\d/)
  })
})
