import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test, type Page } from '@playwright/test'
import { startMockOpenAI, type MockOpenAIServer } from '../packages/nodes/src/testing/mock-openai-server.js'
import { agentflowData } from '../packages/engine/src/testing/test-agentflow.js'
import { templateFlow } from '../packages/nodes/src/templates/template-flow.js'
import { childServer, type ChildServer } from '../packages/server/src/test/child-server.js'

// Flowise's own chat widget, unchanged: flowise-embed 3.1.6's bundle, loaded by a page of another
// website (its own origin) with `Chatbot.init({ chatflowid, apiHost })` against a Weft server, as a
// Flowise user moving in keeps their site. The flow's chat model is a stand-in OpenAI server on
// 127.0.0.1 that streams word by word, as slowly as a test asks, so the widget's Stop has an answer
// to stop. The Weft server is started by the test (a built server on a data folder of its own) so
// that it may reach the stand-in; the widget renders in a shadow DOM, which Playwright's CSS
// locators pierce. Screenshots land in test-results/flowise-embed/.

const SHOTS = 'test-results/flowise-embed'
const BUNDLE = readFileSync(new URL('../node_modules/flowise-embed/dist/web.js', import.meta.url))
/** A real 2×2 PNG (red). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
  'base64',
)

let weft: ChildServer
let model: MockOpenAIServer
let site: Server
let siteUrl: string
let page = ''
let cookie = ''

test.beforeAll(async () => {
  model = await startMockOpenAI({ defaultText: 'Hello from the stand-in model.' })
  weft = await childServer('e2e-flowise-embed')
  await weft.start()
  cookie = await weft.signIn()
  site = createServer((request, response) => {
    if (request.url === '/web.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' })
      response.end(BUNDLE)
      return
    }
    response.writeHead(200, { 'content-type': 'text/html' })
    response.end(page)
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`
})

test.afterAll(async () => {
  await new Promise<void>((resolve) => site.close(() => resolve()))
  await weft.close()
  await model.close()
})

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${weft.base}/api/v1${path}`, {
    method,
    headers: { cookie, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await res.text()
  expect(res.ok, `${method} ${path}: ${text}`).toBe(true)
  return JSON.parse(text) as T
}

/** A public chatflow (prompt → LLM chain ← ChatOpenAI at the stand-in) that takes text files and images. */
async function publicFlow(name: string): Promise<string> {
  const credential = await api<{ id: string }>('POST', '/credentials', {
    name: `OpenAI for ${name}`,
    credentialName: 'openAIApi',
    plainDataObj: { openAIApiKey: 'sk-stand-in' },
  })
  const flow = templateFlow()
  const chatModel = flow.add('chatOpenAI', 0, 0, {
    basePath: model.baseURL,
    modelName: 'gpt-4o-mini',
    allowImageUploads: true,
  })
  const prompt = flow.add('promptTemplate', 0, 400, { template: 'Answer: {question}' })
  const chain = flow.add('llmChain', 400, 200)
  flow.connect(chatModel, chain, 'model')
  flow.connect(prompt, chain, 'prompt')
  const data = flow.build()
  for (const node of data.nodes) if (node.id === chatModel) node.data.credential = credential.id
  const created = await api<{ id: string }>('POST', '/chatflows', {
    name,
    type: 'CHATFLOW',
    flowData: JSON.stringify(data),
    isPublic: true,
    chatbotConfig: JSON.stringify({
      fullFileUpload: { status: true, allowedUploadFileTypes: 'text/plain,text/csv', maxUploadSize: 1 },
    }),
  })
  return created.id
}

/**
 * A public agentflow (Start → LLM step at the stand-in): the widget offers its Stop button only
 * while an agentflow runs (Flowise's rule: the answer carries executed steps).
 */
async function publicAgentflow(name: string): Promise<string> {
  const data = agentflowData(
    [
      { id: 'startAgentflow_0' },
      {
        id: 'llmAgentflow_0',
        label: 'Storyteller',
        inputs: {
          llmModel: 'chatOpenAICustom',
          llmModelConfig: { llmModel: 'chatOpenAICustom', basePath: model.baseURL, modelName: 'mock-model' },
          llmEnableMemory: false,
        },
      },
    ],
    [['startAgentflow_0', 'llmAgentflow_0']],
  )
  const created = await api<{ id: string }>('POST', '/chatflows', {
    name,
    type: 'AGENTFLOW',
    flowData: JSON.stringify(data),
    isPublic: true,
  })
  return created.id
}

/** The site's page: the widget's bundle as Flowise's Embed dialog shows it, with an optional theme. */
async function openSite(browserPage: Page, flowId: string, theme: Record<string, unknown> = {}) {
  page = `<!doctype html><title>Acme shop</title><h1>Acme shop</h1>
<script type="module">
import Chatbot from '/web.js'
Chatbot.init({ chatflowid: '${flowId}', apiHost: '${weft.base}', theme: ${JSON.stringify(theme)} })
</script>`
  await browserPage.goto(siteUrl)
  await browserPage.locator('flowise-chatbot button').first().click()
  await expect(browserPage.locator('flowise-chatbot textarea')).toBeVisible()
}

const widget = (browserPage: Page) => browserPage.locator('flowise-chatbot')
const answers = (browserPage: Page) => widget(browserPage).locator('[data-testid="host-bubble"]')

/** Types the question and presses the widget's send button (the last button of its input). */
async function ask(browserPage: Page, question: string) {
  await widget(browserPage).locator('textarea').fill(question)
  await widget(browserPage).locator('[data-testid="input"] button').last().click()
}

/** What the stand-in model was last sent as the user's turn. */
const lastUserTurn = () => {
  const messages = (model.requests.at(-1)?.body?.messages ?? []) as { role: string; content: unknown }[]
  return JSON.stringify(messages.filter((message) => message.role === 'user').at(-1)?.content ?? '')
}

type Stored = { role: string; content: string; status?: string; fileUploads?: unknown }
const history = (flowId: string) => api<Stored[]>('GET', `/chatmessage/${flowId}`)

test('Flowise’s widget on another site streams an answer from a Weft flow, word by word', async ({
  page: browserPage,
}) => {
  const flowId = await publicFlow('Streamed')
  await openSite(browserPage, flowId)
  model.script({ text: 'Weft streams this answer one word at a time.', chunkDelayMs: 150 })
  await ask(browserPage, 'How do you answer?')
  await expect(widget(browserPage).locator('[data-testid="guest-bubble"]')).toHaveText('How do you answer?')
  // Part of the answer is on screen before the rest has been written.
  await expect(answers(browserPage).last()).toContainText('Weft streams')
  await expect(answers(browserPage).last()).not.toContainText('a time.')
  await expect(answers(browserPage).last()).toHaveText('Weft streams this answer one word at a time.')
  expect(model.requests.at(-1)?.body?.stream).toBe(true)
  await widget(browserPage)
    .locator('[part="bot"]')
    .screenshot({ path: `${SHOTS}/streamed-light.png` })
})

test('a file attached in the widget is read by Weft and its text reaches the model with the question', async ({
  page: browserPage,
}) => {
  const flowId = await publicFlow('Attached')
  await openSite(browserPage, flowId)
  await widget(browserPage)
    .locator('input[type="file"][accept="text/plain,text/csv"]')
    .setInputFiles({
      name: 'orchard.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Our pears ripen in late September.'),
    })
  model.script({ text: 'They ripen in late September, as your file says.' })
  await ask(browserPage, 'When do the pears ripen?')
  await expect(answers(browserPage).last()).toHaveText('They ripen in late September, as your file says.')
  // The widget uploaded the file to /attachments and sent its text back as a file:full upload.
  expect(lastUserTurn()).toContain('When do the pears ripen?')
  expect(lastUserTurn()).toContain('Attached file orchard.txt:\\nOur pears ripen in late September.')
  await expect(widget(browserPage).getByText('Unable to upload documents')).toHaveCount(0)
  expect((await history(flowId)).map((message) => message.content)).toEqual([
    'When do the pears ripen?',
    'They ripen in late September, as your file says.',
  ])
  await widget(browserPage)
    .locator('[part="bot"]')
    .screenshot({ path: `${SHOTS}/attached-light.png` })

  // A file type the flow does not take never reaches the model: the widget says it could not upload it.
  const asked = model.requests.length
  await widget(browserPage)
    .locator('input[type="file"][accept="text/plain,text/csv"]')
    .setInputFiles({ name: 'tool.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') })
  await ask(browserPage, 'Run this')
  await expect(answers(browserPage).last()).toHaveText('Unable to upload documents')
  expect(model.requests.length).toBe(asked)
})

test('an image sent from the widget is shown in the chat, and again from Weft after the page reloads', async ({
  page: browserPage,
}) => {
  const flowId = await publicFlow('Pictured')
  await openSite(browserPage, flowId)
  await widget(browserPage)
    .locator('input[type="file"][accept^="image/"]')
    .setInputFiles({ name: 'pear.png', mimeType: 'image/png', buffer: PNG })
  model.script({ text: 'A small red square.' })
  await ask(browserPage, 'What is in the picture?')
  await expect(answers(browserPage).last()).toHaveText('A small red square.')
  // The model was sent the image itself.
  expect(lastUserTurn()).toContain('image_url')
  const stored = await history(flowId)
  const recorded = stored[0]?.fileUploads
  expect(typeof recorded === 'string' ? JSON.parse(recorded) : recorded).toEqual([
    { type: 'stored-file', name: 'pear.png', mime: 'image/png' },
  ])

  // The widget keeps its chat in the site's storage without the image's data: after a reload it
  // shows the image from Weft's /get-upload-file.
  await browserPage.reload()
  await widget(browserPage).locator('button').first().click()
  const image = widget(browserPage).locator('img[src*="/api/v1/get-upload-file"]')
  await expect(image).toHaveCount(1)
  await expect(image).toHaveAttribute('src', new RegExp(`chatflowId=${flowId}&chatId=[^&]+&fileName=pear.png$`))
  const served = await fetch((await image.getAttribute('src'))!, { headers: { origin: siteUrl.replace(/\/$/, '') } })
  expect(served.status, await served.clone().text()).toBe(200)
  expect(served.headers.get('content-type')).toBe('image/png')
  expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true)
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2)
  await widget(browserPage)
    .locator('[part="bot"]')
    .screenshot({ path: `${SHOTS}/image-light.png` })
})

test('the widget’s Stop button stops a slow answer, and Weft keeps what had arrived as stopped', async ({
  page: browserPage,
}) => {
  const flowId = await publicAgentflow('Stopped')
  await openSite(browserPage, flowId)
  const words = Array.from({ length: 40 }, (_, i) => `word${i + 1}`).join(' ')
  model.script({ text: words, chunkDelayMs: 400 })
  await ask(browserPage, 'Tell me a long story')
  await expect(answers(browserPage).last()).toContainText('word2')
  const stop = widget(browserPage).locator('button[title="Stop"]')
  await expect(stop).toBeVisible()
  await widget(browserPage)
    .locator('[part="bot"]')
    .screenshot({ path: `${SHOTS}/stop-light.png` })
  await stop.click()

  // The model call is closed, the stream ends with Flowise's abort, and the widget keeps the partial answer.
  expect(await model.requests.at(-1)!.outcome).toBe('closed by client')
  await expect(stop).toHaveCount(0)
  const shown = await answers(browserPage).last().innerText()
  expect(shown).toMatch(/^word1 word2/)
  expect(shown).not.toContain('word40')
  await expect(widget(browserPage).getByText('The run was stopped')).toHaveCount(0)
  await expect
    .poll(async () => (await history(flowId)).map((message) => message.status))
    .toEqual(['stopped', 'stopped'])
  const [, answer] = await history(flowId)
  expect(answer!.content).toMatch(/^word1 word2/)
  expect(answer!.content).not.toContain('word40')

  // The chat goes on: the next question is answered in full.
  model.script({ text: 'A short one this time.' })
  await ask(browserPage, 'A short one, please')
  await expect(answers(browserPage).last()).toHaveText('A short one this time.')
})

test('the widget themed dark, as a site may configure it', async ({ page: browserPage }) => {
  const flowId = await publicFlow('Dark')
  await openSite(browserPage, flowId, {
    button: { backgroundColor: '#1f2937' },
    chatWindow: {
      backgroundColor: '#111827',
      welcomeMessage: 'Ask me about the orchard.',
      botMessage: { backgroundColor: '#1f2937', textColor: '#f9fafb' },
      userMessage: { backgroundColor: '#2563eb', textColor: '#ffffff' },
      textInput: { backgroundColor: '#1f2937', textColor: '#f9fafb' },
    },
  })
  model.script({ text: 'Pears, apples and plums.', chunkDelayMs: 30 })
  await ask(browserPage, 'What grows there?')
  await expect(answers(browserPage).last()).toHaveText('Pears, apples and plums.')
  await widget(browserPage)
    .locator('[part="bot"]')
    .screenshot({ path: `${SHOTS}/streamed-dark.png` })
})
