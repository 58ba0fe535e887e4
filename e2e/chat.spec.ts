import { expect, test, type Page } from '@playwright/test'
import { expectPath, signIn } from './helpers.js'
import { saveNewFlow } from './canvas-helpers.js'
import { urlOf } from './servers.js'

// A fresh install with no key and no network: a built-in template answers in the canvas chat,
// and the same flow answers over HTTP with an API key, as JSON and as a stream.

async function useTemplate(page: Page, name: string) {
  await signIn(page, 'openSource', '/marketplaces')
  await page.getByText('Simple LLM Chain').click()
  await page.getByRole('button', { name: 'Use template' }).click()
  await expectPath(page, '/canvas')
  await saveNewFlow(page, name, '/canvas')
}

test('the canvas chat streams the answer of a built-in template and keeps the conversation', async ({ page }) => {
  await useTemplate(page, 'Chat with the template')
  const flowId = new URL(page.url()).pathname.split('/').pop() as string

  await page.getByRole('button', { name: 'Open chat' }).click()
  const streamed = page.waitForResponse((response) => response.url().includes(`/internal-prediction/${flowId}`))
  await page.getByLabel('Type your question').fill('What is a canvas?')
  await page.getByRole('button', { name: 'Send message' }).click()
  const response = await streamed
  expect(response.headers()['content-type']).toContain('text/event-stream')
  const chat = page.getByRole('dialog', { name: /chat/i })
  await expect(chat.getByText('What is a canvas?', { exact: true })).toBeVisible()
  // The built-in responder says what it is and restates the question.
  await expect(chat.getByText(/built-in responder/i).first()).toBeVisible()

  const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), `${flowId}_INTERNAL`)) ?? '{}')
  expect(stored.chatId).toMatch(/[0-9a-f-]{36}/)

  // The conversation comes back after a reload, from the stored messages.
  await page.reload()
  await page.getByRole('button', { name: 'Open chat' }).click()
  await expect(page.getByRole('dialog', { name: /chat/i }).getByText('What is a canvas?', { exact: true })).toBeVisible()
})

test('with an API key bound, the prediction API answers JSON and Server-Sent Events; without it, 401', async ({ page }) => {
  await useTemplate(page, 'API template')
  const flowId = new URL(page.url()).pathname.split('/').pop() as string
  const api = (path: string) => urlOf('openSource', `/api/v1${path}`)

  // page.request carries the signed-in user's cookies; a separate browser context has none.
  const signedIn = await page.request.post(api(`/prediction/${flowId}`), { data: { question: 'Hello?' } })
  expect(signedIn.status()).toBe(200)
  const outsider = await page.context().browser()!.newContext()
  const refused = await outsider.request.post(api(`/prediction/${flowId}`), { data: { question: 'Hello?' } })
  expect(refused.status()).toBe(401)

  const key = await (await page.request.post(api('/apikey'), { data: { keyName: 'e2e' } })).json()
  expect((await page.request.put(api(`/chatflows/${flowId}`), { data: { apikeyid: key.id } })).ok()).toBe(true)

  const headers = { authorization: `Bearer ${key.apiKey}` }
  const json = await outsider.request.post(api(`/prediction/${flowId}`), { headers, data: { question: 'What is Weft?' } })
  expect(json.status()).toBe(200)
  const answer = await json.json()
  expect(answer.text).toContain('What is Weft?')
  expect(answer.chatId).toBeTruthy()

  const stream = await outsider.request.post(api(`/prediction/${flowId}`), {
    headers,
    data: { question: 'What is Weft?', streaming: true },
  })
  expect(stream.headers()['content-type']).toContain('text/event-stream')
  const events = (await stream.text())
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: '))
    .map((frame) => JSON.parse(frame.slice(6)).event)
  expect(events[0]).toBe('start')
  expect(events.filter((event) => event === 'token').length).toBeGreaterThan(1)
  expect(events.slice(-2)).toEqual(['metadata', 'end'])

  const wrongKey = await outsider.request.post(api(`/prediction/${flowId}`), {
    headers: { authorization: 'Bearer wft_not-a-key' },
    data: { question: 'Hello?' },
  })
  expect(wrongKey.status()).toBe(401)
  await outsider.close()
})
