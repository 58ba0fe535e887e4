import nodemailer from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import type { SmtpConfig } from '../config.js'

export interface Mail {
  to: string
  subject: string
  text: string
  /** The link the mail carries; with no SMTP server it is written to the log instead. */
  link: string
}

export interface Mailer {
  send(mail: Mail): Promise<void>
}

/** Sends through SMTP when configured; otherwise logs the link so a self-hosted admin can still act on it. */
export function createMailer(smtp: SmtpConfig | undefined, log: FastifyBaseLogger): Mailer {
  if (!smtp) {
    return {
      async send(mail) {
        log.info({ to: mail.to, link: mail.link }, `No SMTP server configured; mail "${mail.subject}" not sent`)
      },
    }
  }
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
  })
  return {
    async send(mail) {
      await transport.sendMail({ from: smtp.from, to: mail.to, subject: mail.subject, text: mail.text })
    },
  }
}
