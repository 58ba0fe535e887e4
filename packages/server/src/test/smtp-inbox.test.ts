import type { FastifyBaseLogger } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { loadConfig } from '../config.js'
import { createMailer } from '../mail/mailer.js'
import { linkIn, startSmtpInbox, type SmtpInbox } from './smtp-inbox.js'

let inbox: SmtpInbox
beforeAll(async () => {
  inbox = await startSmtpInbox()
})
afterAll(() => inbox.close())

it('receives what the mailer sends through SMTP, and finds a long link in it whole', async () => {
  const config = loadConfig({ WEFT_HOME: '/tmp/weft-smtp-inbox-test', ...inbox.env })
  const link = `http://127.0.0.1:3000/register?token=${'x'.repeat(120)}`
  await createMailer(config, console as unknown as FastifyBaseLogger).send({
    to: 'grace@example.com',
    subject: 'You are invited',
    text: `Join us: ${link}`,
    link,
  })
  const mail = await inbox.nextMailTo('grace@example.com')
  expect(mail.raw).toContain('Subject: You are invited')
  expect(linkIn(mail, '/register')).toBe(link)
})
