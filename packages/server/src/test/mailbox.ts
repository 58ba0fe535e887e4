import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'

export interface ReceivedMail {
  to: string[]
  subject: string
  text: string
}

/** Undoes quoted-printable soft breaks and escapes, enough to read a link out of a mail. */
const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))

/** A real SMTP server on loopback that keeps what it receives, for following mailed links. */
export async function startMailbox() {
  const received: ReceivedMail[] = []
  const waiting: ((mail: ReceivedMail) => void)[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = ''
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')))
      stream.on('end', () => {
        const decoded = decodeQuotedPrintable(raw)
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: /^Subject: (.*)$/m.exec(decoded)?.[1]?.trim() ?? '',
          text: decoded.split(/\r?\n\r?\n/).slice(1).join('\n\n'),
        }
        const waiter = waiting.shift()
        if (waiter) waiter(mail)
        else received.push(mail)
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    port,
    /** The next mail to arrive (or the oldest unread one). */
    next(): Promise<ReceivedMail> {
      const mail = received.shift()
      if (mail) return Promise.resolve(mail)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('No mail arrived within 5 s')), 5000)
        waiting.push((m) => {
          clearTimeout(timer)
          resolve(m)
        })
      })
    },
    unread: () => received.length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type Mailbox = Awaited<ReturnType<typeof startMailbox>>

/** The token of the first link in a mail's text that points at `page`. */
export function tokenFromMail(mail: ReceivedMail, page: string): string {
  const match = new RegExp(`${page}\\?token=([A-Za-z0-9_%-]+)`).exec(mail.text)
  if (!match?.[1]) throw new Error(`No ${page} link in mail: ${mail.text}`)
  return decodeURIComponent(match[1])
}
