import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'
import { ADMIN, urlOf } from './servers.js'

// Another website (its own origin) embeds a public flow with the script tag the Embed dialog shows.

let site: Server
let siteUrl: string
let page = ''

test.beforeAll(async () => {
  site = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' })
    response.end(page)
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`
})

test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())))

test('a public flow answers in the chat bubble another website embeds with a script tag', async ({ page: browserPage, request }) => {
  const api = (path: string) => urlOf('openSource', `/api/v1${path}`)
  expect((await request.post(api('/auth/login'), { data: ADMIN })).ok()).toBe(true)
  const template = await (await request.get(api('/marketplaces/templates/document-qa'))).json()
  const flow = await (
    await request.post(api('/chatflows'), { data: { name: 'Embedded handbook', type: 'CHATFLOW', flowData: template.flowData } })
  ).json()
  const config = { title: 'Acme Support', welcomeMessage: 'Ask me about refunds.' }
  await request.put(api(`/chatflows/${flow.id}`), { data: { isPublic: true, chatbotConfig: JSON.stringify(config) } })

  const host = urlOf('openSource', '').replace(/\/$/, '')
  page = `<!doctype html><title>Acme shop</title><h1>Acme shop</h1>
<script type="module">
import Chatbot from '${host}/embed.js'
Chatbot.init({ chatflowid: '${flow.id}', apiHost: '${host}' })
</script>`
  await browserPage.goto(siteUrl)
  await browserPage.getByRole('button', { name: 'Open chat' }).click()
  await expect(browserPage.getByText('Ask me about refunds.')).toBeVisible()
  await browserPage.getByLabel('Type your question').fill('How long do I have to ask for a refund?')
  await browserPage.getByRole('button', { name: 'Send message' }).click()
  await expect(browserPage.getByText('Refunds are possible within 30 days of purchase.')).toBeVisible()
})
