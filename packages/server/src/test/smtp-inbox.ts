import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

// A real SMTP server on loopback for tests of mailed links (invitations, resets): Weft's mailer
// sends to it with nodemailer exactly as it would to a company's mail server.

export interface ReceivedMail {
  to: string[]
  /** The raw message as it arrived (headers and body). */
  raw: string
}

export interface SmtpInbox {
  host: string
  port: number
  /** Environment that points a Weft server at this inbox. */
  env: Record<string, string>
  mails: ReceivedMail[]
  /** Waits for the next mail to `to` that arrives after the call (or is already there, unread). */
  nextMailTo: (to: string, timeoutMs?: number) => Promise<ReceivedMail>
  close: () => Promise<void>
}

/** Undoes quoted-printable soft line breaks and escapes, so links in a mail read whole. */
const unquote = (text: string): string =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))

/** The first link in a mail that leads to `path` on the server, e.g. '/register'. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const link = unquote(mail.raw).match(new RegExp(`https?://[^\\s"<>]+${path.replace(/[/?]/g, '\\$&')}[^\\s"<>]*`))
  if (!link) throw new Error(`No ${path} link in the mail:\n${mail.raw}`)
  return link[0]
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = []
  const read = new Set<ReceivedMail>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  const nextMailTo = async (to: string, timeoutMs = 10_000): Promise<ReceivedMail> => {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const mail = mails.find((m) => !read.has(m) && m.to.includes(to))
      if (mail) {
        read.add(mail)
        return mail
      }
      if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  return {
    host: '127.0.0.1',
    port,
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_SECURE: 'false', SENDER_EMAIL: 'weft@example.com' },
    mails,
    nextMailTo,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
