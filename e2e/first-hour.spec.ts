import { expect, test, type Page } from '@playwright/test'
import { saveNewFlow } from './canvas-helpers.js'
import { expectPath, signIn } from './helpers.js'
import { lookAt } from './look-at.js'
import { urlOf } from './servers.js'

// A new user's first hour, walked as they would: a template from the Marketplace, a chat on the
// canvas, the chatbot's settings, an API key bound to the flow and a call with it, the public
// chatbot page, and the conversations in View Messages. Each stop is looked at in light and dark,
// wide and narrow: the screenshots land in test-results/first-hour/ for a person to look at.

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/first-hour/${name}.png` })

test('the first hour: template, chat, settings, API key, public page, View Messages', async ({ page, browser }) => {
  test.setTimeout(240_000)
  await signIn(page, 'openSource', '/marketplaces')
  await expect(page.getByRole('heading', { name: 'Marketplaces' })).toBeVisible()
  await page.getByText('Conversation with Memory').click()
  await page.getByRole('button', { name: 'Use template' }).click()
  await expectPath(page, '/canvas')
  await saveNewFlow(page, 'First hour', '/canvas')
  const flowId = new URL(page.url()).pathname.split('/').pop() as string
  // The save toast has gone by the time the screenshots are taken.
  await expect(page.getByText('Flow saved')).toBeHidden({ timeout: 10_000 })

  // Chat on the canvas: the responder helps, remembers a name, and no node hides under the panel.
  await page.getByRole('button', { name: 'Open chat' }).click()
  const chat = page.getByRole('dialog', { name: /chat/i })
  const ask = async (question: string) => {
    await chat.getByLabel('Type your question').fill(question)
    await chat.getByRole('button', { name: 'Send message' }).click()
  }
  await ask('What can you do?')
  await expect(chat.getByText(/not a language model/i)).toBeVisible()
  await ask('I am Bo')
  await ask('What is my name?')
  await expect(chat.getByText(/Your name is Bo/)).toBeVisible()
  await page.waitForTimeout(400) // the view's move to make room for the panel
  const panel = (await chat.boundingBox())!
  for (const node of await page.locator('.react-flow__node').all()) {
    const box = (await node.boundingBox())!
    expect(box.x + box.width, 'a node sits under the chat panel').toBeLessThanOrEqual(panel.x)
  }
  await shot(page, 'canvas-chat-light-wide')

  // Chatbot settings that reach the public page.
  await page.getByRole('button', { name: 'Configuration' }).click()
  const config = page.getByRole('dialog', { name: /Configure/ })
  await config.getByLabel('Title', { exact: true }).fill('Bo’s helper')
  await config.getByLabel('Welcome message').fill('Hi! Ask me anything about Weft.')
  await config.getByRole('button', { name: /add starter prompt/i }).click()
  await config.getByRole('textbox', { name: 'Starter prompt 1' }).fill('What can you do?')
  await config.getByRole('tab', { name: 'Security' }).click()
  await config.getByLabel('Make public').check()
  await config.getByRole('button', { name: 'Save' }).click()
  await expect(config).toBeHidden()

  // An API key bound to the flow where it is created, then a call with it from outside the browser.
  await page.goto(urlOf('openSource', '/apikey'))
  await page.getByRole('button', { name: 'Create Key' }).first().click()
  const keyDialog = page.getByRole('dialog', { name: 'Create API Key' })
  await keyDialog.getByLabel('Key name').fill('first-hour')
  await keyDialog.getByRole('checkbox', { name: 'First hour' }).check()
  await keyDialog.getByRole('button', { name: 'Create' }).click()
  const apiKey = (await page.getByRole('status', { name: 'New API key' }).or(page.getByLabel('New API key')).textContent())!.trim()
  await page.getByRole('button', { name: /done|close/i }).first().click()
  await expect(page.getByRole('link', { name: 'First hour' })).toBeVisible()
  const stranger = await browser.newContext()
  const called = await stranger.request.post(urlOf('openSource', `/api/v1/prediction/${flowId}`), {
    headers: { authorization: `Bearer ${apiKey}` },
    data: { question: 'I am Ann', overrideConfig: { sessionId: 'curl-session' } },
  })
  expect(called.status()).toBe(200)
  const remembered = await stranger.request.post(urlOf('openSource', `/api/v1/prediction/${flowId}`), {
    headers: { authorization: `Bearer ${apiKey}` },
    data: { question: 'What is my name?', overrideConfig: { sessionId: 'curl-session' } },
  })
  expect((await remembered.json()).text).toContain('Ann')
  await page.goto(urlOf('openSource', `/canvas/${flowId}`))

  // The chatbot page, as a stranger sees it.
  const visitor = await stranger.newPage()
  await visitor.goto(urlOf('openSource', `/chatbot/${flowId}`))
  await expect(visitor.getByRole('heading', { name: 'Bo’s helper' })).toBeVisible()
  await expect(visitor.getByText('Hi! Ask me anything about Weft.')).toBeVisible()
  await visitor.getByRole('button', { name: 'What can you do?' }).click()
  await expect(visitor.getByText(/not a language model/i)).toBeVisible()
  await lookAt(visitor, 'first-hour', 'chatbot', async () => {
    await expect(visitor.getByRole('heading', { name: 'Bo’s helper' })).toBeVisible()
  })

  // View Messages: both conversations, the canvas one and the stranger's.
  await page.getByRole('button', { name: 'Flow settings' }).click()
  await page.getByRole('menuitem', { name: 'View Messages' }).click()
  const messages = page.getByRole('dialog', { name: 'Messages of First hour' })
  // Three conversations: the canvas chat (UI), the call with the key (API), the stranger's (Embed).
  const conversations = messages.getByRole('list', { name: 'Conversations' })
  await expect(conversations.getByRole('button', { name: /\bAPI\b.*curl-session/ })).toBeVisible()
  await expect(conversations.getByRole('button', { name: /^What can you do\? Embed\b/ })).toBeVisible()
  await conversations.getByRole('button', { name: /^What can you do\? UI\b/ }).click()
  await expect(messages.getByRole('region', { name: 'Conversation' }).getByText('Your name is Bo.')).toBeVisible()
  await lookAt(page, 'first-hour', 'view-messages', async () => {
    await page.getByRole('button', { name: 'Flow settings' }).click()
    await page.getByRole('menuitem', { name: 'View Messages' }).click()
    const dialog = page.getByRole('dialog', { name: 'Messages of First hour' })
    await dialog.getByRole('button', { name: /^What can you do\? UI\b/ }).click()
    await expect(dialog.getByText('Your name is Bo.').first()).toBeAttached()
    await page.waitForTimeout(300)
  })
  await lookAt(page, 'first-hour', 'canvas-chat', async () => {
    await page.getByRole('button', { name: 'Open chat' }).click()
    await expect(page.getByRole('dialog', { name: /chat/i }).getByText('What is my name?')).toBeVisible()
  })
  await stranger.close()
})
