import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test, type Page } from '@playwright/test'
import { startMockOpenAI, type MockOpenAIServer } from '../packages/nodes/src/testing/mock-openai-server.js'
import { templateFlow } from '../packages/nodes/src/templates/template-flow.js'
import { CHILD_ADMIN, childServer, type ChildServer } from '../packages/server/src/test/child-server.js'
import { setDark } from './look-at.js'

// A user attaches an image in the canvas chat of a flow whose ChatOpenAI allows image uploads: the
// stand-in OpenAI server on 127.0.0.1 receives it as image content, the conversation shows it, and
// after a reload the stored question shows it again, loaded from the server (get-upload-file).
// The Weft server is started by the test so that it may reach the stand-in. Screenshots land in
// test-results/image-uploads/.

const SHOTS = 'test-results/image-uploads'
/** A real 16×16 PNG: a blue square with a white diagonal. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAT0lEQVR4nJXLywkAMAgD0EziYJ3dXeyhUIr1EyGQ5PBgZrKUD2TpyOAUb3AXafAexsD91njQmgDUJgaFSUFmKhCaBvymB85Q4DUsuGYAjtm+QG6gGtPMKAAAAABJRU5ErkJggg==',
  'base64',
)

let weft: ChildServer
let model: MockOpenAIServer
let cookie = ''

test.beforeAll(async () => {
  model = await startMockOpenAI({ defaultText: 'A blue square with a white line across it.' })
  weft = await childServer('e2e-image-uploads')
  await weft.start()
  cookie = await weft.signIn()
})

test.afterAll(async () => {
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

/** Prompt → LLM Chain ← ChatOpenAI at the stand-in, with Allow Image Uploads on and High resolution. */
async function imageFlow(fields: Record<string, unknown> = {}): Promise<string> {
  const credential = await api<{ id: string }>('POST', '/credentials', {
    name: 'OpenAI stand-in',
    credentialName: 'openAIApi',
    plainDataObj: { openAIApiKey: 'sk-stand-in' },
  })
  const flow = templateFlow()
  const chatModel = flow.add('chatOpenAI', 0, 0, {
    basePath: model.baseURL,
    modelName: 'gpt-4o-mini',
    allowImageUploads: true,
    imageResolution: 'high',
  })
  const prompt = flow.add('promptTemplate', 0, 400, { template: 'Answer: {question}' })
  const chain = flow.add('llmChain', 400, 200)
  flow.connect(chatModel, chain, 'model')
  flow.connect(prompt, chain, 'prompt')
  const data = flow.build()
  for (const node of data.nodes) if (node.id === chatModel) node.data.credential = credential.id
  const created = await api<{ id: string }>('POST', '/chatflows', {
    name: 'Describe a picture',
    type: 'CHATFLOW',
    flowData: JSON.stringify(data),
    ...fields,
  })
  return created.id
}

async function signIn(page: Page, path: string) {
  await page.goto(`${weft.base}/login`)
  await page.getByLabel('Email').fill(CHILD_ADMIN.email)
  await page.getByLabel('Password', { exact: true }).fill(CHILD_ADMIN.password)
  await page.getByRole('button', { name: /sign in/i }).click()
  await expect(page).toHaveURL((url) => url.pathname !== '/login')
  await page.goto(`${weft.base}${path}`)
}

const chat = (page: Page) => page.getByRole('dialog', { name: /chat/i })

/** The content of the last user message the stand-in model received. */
const lastUserContent = () => {
  const messages = (model.requests.at(-1)?.body?.messages ?? []) as { role: string; content: unknown }[]
  return messages.filter((message) => message.role === 'user').at(-1)?.content
}

/** Waits until the image has loaded (not just been placed), and answers its natural width. */
const loadedWidth = (page: Page, name: string) =>
  chat(page)
    .getByRole('img', { name })
    .evaluate(async (img: HTMLImageElement) => {
      if (!img.complete) await new Promise((resolve) => img.addEventListener('load', resolve, { once: true }))
      return img.naturalWidth
    })

test('a user attaches an image in the canvas chat and sees it in the conversation, also after a reload', async ({
  page,
}) => {
  const flowId = await imageFlow()
  await signIn(page, `/canvas/${flowId}`)
  await page.getByRole('button', { name: 'Open chat' }).click()

  const chooser = page.waitForEvent('filechooser')
  await chat(page).getByRole('button', { name: 'Attach files' }).click()
  await (await chooser).setFiles({ name: 'square.png', mimeType: 'image/png', buffer: PNG })
  await expect(chat(page).getByRole('list', { name: 'Attached files' }).getByText('square.png')).toBeVisible()
  await chat(page).getByLabel('Type your question').fill('What is in this picture?')
  await chat(page).getByRole('button', { name: 'Send message' }).click()

  await expect(chat(page).getByText('A blue square with a white line across it.')).toBeVisible()
  const question = chat(page).locator('[data-role="user"]').last()
  await expect(question.getByText('What is in this picture?')).toBeVisible()
  await expect(question.getByRole('img', { name: 'square.png' })).toBeVisible()
  expect(await loadedWidth(page, 'square.png')).toBe(16)
  expect(lastUserContent()).toEqual([
    { type: 'text', text: 'Answer: What is in this picture?' },
    { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG.toString('base64')}`, detail: 'high' } },
  ])
  // Once the server kept the image, the chat loads it from there.
  await expect(question.getByRole('img', { name: 'square.png' })).toHaveAttribute(
    'src',
    new RegExp(`^/api/v1/get-upload-file\\?chatflowId=${flowId}&chatId=[^&]+&fileName=square\\.png$`),
  )

  for (const dark of [false, true]) {
    await setDark(page, dark)
    await page.getByRole('button', { name: 'Open chat' }).click()
    // After the reload the conversation comes from the stored messages: the image too.
    await expect(chat(page).getByRole('img', { name: 'square.png' })).toBeVisible()
    expect(await loadedWidth(page, 'square.png')).toBe(16)
    await chat(page).screenshot({ path: `${SHOTS}/canvas-chat-${dark ? 'dark' : 'light'}.png` })
  }
  await setDark(page, false)
})

test("Weft's own embed on another website takes an image and shows it, also after the page reloads", async ({
  page,
}) => {
  const flowId = await imageFlow({ isPublic: true, chatbotConfig: JSON.stringify({ title: 'Picture helper' }) })
  const html = `<!doctype html><title>Acme shop</title><h1>Acme shop</h1>
<script type="module">
import Chatbot from '${weft.base}/embed.js'
Chatbot.init({ chatflowid: '${flowId}', apiHost: '${weft.base}' })
</script>`
  const site: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' })
    response.end(html)
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`
  try {
    await page.goto(siteUrl)
    await page.getByRole('button', { name: 'Open chat' }).click()
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Attach images' }).click()
    await (await chooser).setFiles({ name: 'square.png', mimeType: 'image/png', buffer: PNG })
    await expect(page.getByRole('listitem').filter({ hasText: 'square.png' })).toBeVisible()
    await page.getByLabel('Type your question').fill('What is this?')
    await page.getByRole('button', { name: 'Send message' }).click()
    await expect(page.getByText('A blue square with a white line across it.')).toBeVisible()
    const image = page.getByRole('region', { name: 'Picture helper' }).getByRole('img', { name: 'square.png' })
    await expect(image).toHaveAttribute('src', new RegExp(`^${weft.base}/api/v1/get-upload-file\\?`))
    expect(
      await image.evaluate(async (img: HTMLImageElement) => {
        if (!img.complete) await new Promise((resolve) => img.addEventListener('load', resolve, { once: true }))
        return img.naturalWidth
      }),
    ).toBe(16)
    await page.screenshot({ path: `${SHOTS}/embed-light.png` })

    await page.reload()
    await page.getByRole('button', { name: 'Open chat' }).click()
    await expect(
      page.getByRole('region', { name: 'Picture helper' }).getByRole('img', { name: 'square.png' }),
    ).toBeVisible()
  } finally {
    await new Promise<void>((resolve) => site.close(() => resolve()))
  }
})
