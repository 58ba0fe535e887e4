import type nodemailer from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config.js'

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

/** How an administrator gets a link that could not be mailed; README "Account links without a mail server". */
export const LINK_COMMAND = 'npm run weft -- reset-link <email>'

/**
 * Sends through SMTP when configured. Without it, a developer finds the link in the log; in
 * production the log says only that the mail was not sent, since a live link there lets anyone who
 * reads the logs take over the account.
 */
export function createMailer(config: Pick<Config, 'smtp' | 'production'>, log: FastifyBaseLogger): Mailer {
  const { smtp } = config
  if (!smtp) {
    return {
      async send(mail) {
        const notSent = `No SMTP server configured; mail "${mail.subject}" not sent`
        if (config.production)
          log.warn({ to: mail.to }, `${notSent}. An administrator can create the link with: ${LINK_COMMAND}`)
        else log.info({ to: mail.to, link: mail.link }, notSent)
      },
    }
  }
  // nodemailer is loaded by the first mail, not at start.
  let transport: Promise<ReturnType<typeof nodemailer.createTransport>> | undefined
  const transportOf = () =>
    (transport ??= import('nodemailer').then(({ default: mailer }) =>
      mailer.createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.secure,
        ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
      }),
    ))
  return {
    async send(mail) {
      await (await transportOf()).sendMail({ from: smtp.from, to: mail.to, subject: mail.subject, text: mail.text })
    },
  }
}
