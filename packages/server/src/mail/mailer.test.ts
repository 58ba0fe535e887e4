import type { FastifyBaseLogger } from 'fastify'
import { describe, expect, it } from 'vitest'
import { createMailer, LINK_COMMAND } from './mailer.js'

const TOKEN = 'live-token-4711'
const mail = {
  to: 'grace@example.com',
  subject: 'Reset your Weft password',
  text: `Open this link: http://localhost:3000/reset-password?token=${TOKEN}`,
  link: `http://localhost:3000/reset-password?token=${TOKEN}`,
}

/** A logger that keeps every call as one JSON line, whatever its level. */
function recordingLog() {
  const lines: string[] = []
  const record = (...args: unknown[]) => void lines.push(JSON.stringify(args))
  const log = { trace: record, debug: record, info: record, warn: record, error: record, fatal: record }
  return { lines, log: log as unknown as FastifyBaseLogger }
}

describe('mail without an SMTP server', () => {
  it('in production, logs that the mail was not sent and how to get the link, never the link', async () => {
    const { lines, log } = recordingLog()
    await createMailer({ smtp: undefined, production: true }, log).send(mail)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('not sent')
    expect(lines[0]).toContain(LINK_COMMAND)
    expect(lines[0]).not.toContain(TOKEN)
  })

  it('outside production, logs the link for the developer', async () => {
    const { lines, log } = recordingLog()
    await createMailer({ smtp: undefined, production: false }, log).send(mail)
    expect(lines.join('\n')).toContain(mail.link)
  })
})
