import { expect, test, type Page } from '@playwright/test'
import { templateFlow } from '../packages/nodes/src/templates/template-flow.js'
import { CHILD_ADMIN, childServer, type ChildServer } from '../packages/server/src/test/child-server.js'
import { lookAt } from './look-at.js'

// A fresh install with no network, as a user walks it: a document store filled from a PDF and a
// CSV, previewed, processed, upserted with the built-in embedder into the embedded vector store and
// queried; the server killed and started again, the same query answering the same; then the store
// used from a chatflow and from an agentflow, whose answers show their source documents in the
// chat. The server is a child process of the test's own, so it can be restarted. Screenshots land in
// test-results/document-stores/ for a person to look at.

const STORE = 'Acme handbook'
const QUESTION = 'How long is the refund window?'
const REFUND = 'Refund policy: 30 days'
const SHOTS = 'document-stores'

let server: ChildServer

test.beforeAll(async () => {
  server = await childServer('e2e-document-stores')
  await server.start()
})
test.afterAll(() => server.close())

const url = (path: string) => `${server.base}${path}`

async function signIn(page: Page, path: string) {
  await page.goto(url('/login'))
  await page.getByLabel('Email').fill(CHILD_ADMIN.email)
  await page.getByLabel('Password', { exact: true }).fill(CHILD_ADMIN.password)
  await page.getByRole('button', { name: /sign in/i }).click()
  await page.waitForURL((where) => !where.pathname.startsWith('/login'))
  await page.goto(url(path))
}

/** Adds a loader of the given kind reading one fixture file, previews it, and processes it. */
async function addFileLoader(page: Page, loader: string, file: string, preview: RegExp) {
  await page.getByRole('button', { name: 'Add Document Loader' }).first().click()
  await page.getByText(loader, { exact: true }).first().click()
  await expect(page.getByRole('heading', { name: `Add ${loader}` })).toBeVisible()
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Upload file' }).click()
  await (await chooser).setFiles(`e2e/fixtures/${file}`)
  await expect(page.getByText(new RegExp(`^${file.replace('.', '\\.')} ·`))).toBeVisible()
  await page.getByRole('button', { name: 'Preview' }).click()
  await expect(page.getByText(preview).first()).toBeVisible()
  await page.getByRole('button', { name: 'Process' }).click()
  await expect(page.getByRole('row', { name: new RegExp(file.replace('.', '\\.')) })).toContainText('Synced', {
    timeout: 20_000,
  })
}

async function query(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Query' }).fill(text)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByText(/chunks? found in/)).toBeVisible()
}

const firstResult = (page: Page) => page.getByRole('article').first()

/** Saves a flow through the API as the signed-in user; answers its id. */
async function saveFlow(page: Page, name: string, type: string, flowData: unknown): Promise<string> {
  const res = await page.request.post(url('/api/v1/chatflows'), {
    data: { name, type, flowData: JSON.stringify(flowData) },
  })
  expect(res.status()).toBe(201)
  return ((await res.json()) as { id: string }).id
}

async function askInChat(page: Page, question: string) {
  await page.getByRole('button', { name: 'Open chat' }).click()
  const chat = page.getByRole('dialog', { name: /chat/i })
  await chat.getByLabel('Type your question').fill(question)
  await chat.getByRole('button', { name: 'Send message' }).click()
  return chat
}

test('a store filled from a PDF and a CSV is upserted, queried across a restart, and answers chat flows with its sources', async ({
  page,
}) => {
  test.setTimeout(240_000)
  await signIn(page, '/document-stores')
  await expect(page.getByText('No document stores yet')).toBeVisible()
  await page.getByRole('button', { name: 'Add New' }).first().click()
  await page.getByLabel('Name').fill(STORE)
  await page.getByLabel('Description').fill('Policies and the product list')
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await page.getByRole('link', { name: STORE }).click()
  await expect(page.getByRole('heading', { name: STORE })).toBeVisible()
  const storeId = new URL(page.url()).pathname.split('/').pop()!

  await addFileLoader(page, 'Pdf File', 'handbook.pdf', /Refund policy/)
  await addFileLoader(page, 'Csv File', 'products.csv', /Trail Runner Shoes/)
  await expect(page.getByText(/2 loaders · 13 chunks/)).toBeVisible()

  // Upsert with what a fresh install offers: the built-in embedder and the embedded store.
  await page.getByRole('link', { name: 'Upsert All Chunks' }).click()
  await expect(page.getByRole('combobox', { name: 'Embeddings to use' })).toHaveText('Built-in Hashing Embeddings')
  await expect(page.getByRole('combobox', { name: 'Vector store to use' })).toHaveText('Embedded Vector Store')
  await page.getByRole('button', { name: 'Upsert', exact: true }).click()
  const finished = page.getByRole('dialog', { name: 'Upsert finished' })
  await expect(finished).toBeVisible({ timeout: 30_000 })
  await expect(finished.getByText('Added')).toBeVisible()
  await expect(finished).toContainText('13')
  await finished.getByRole('button', { name: 'Query' }).click()

  await query(page, QUESTION)
  await expect(firstResult(page)).toContainText(REFUND)
  await expect(firstResult(page)).toContainText('handbook.pdf')
  await query(page, 'What does the Ultralight Tent cost?')
  await expect(firstResult(page)).toContainText('Ultralight Tent')
  await lookAt(page, SHOTS, 'query', async () => {
    await query(page, QUESTION)
  })

  // Killed and started again on the same data folder: the vectors are still there.
  await server.kill()
  await server.start()
  await signIn(page, `/document-stores/query/${storeId}`)
  await query(page, QUESTION)
  await expect(firstResult(page)).toContainText(REFUND)

  await lookAt(page, SHOTS, 'store', async () => {
    await page.goto(url(`/document-stores/${storeId}`))
    await expect(page.getByText('Upsert history')).toBeVisible()
  })
  await lookAt(page, SHOTS, 'list', async () => {
    await page.goto(url('/document-stores'))
    await expect(page.getByRole('link', { name: STORE })).toBeVisible()
  })

  // A chatflow: the built-in responder answers from the store through a retrieval QA chain.
  const chatflow = templateFlow()
  const model = chatflow.add('chatOffline', 0, 0)
  const store = chatflow.add('documentStoreVS', 0, 400, { selectedStore: storeId, topK: 2 })
  const chain = chatflow.add('retrievalQAChain', 500, 200)
  chatflow.connect(model, chain, 'model')
  chatflow.connect(store, chain, 'vectorStoreRetriever')
  const chatflowId = await saveFlow(page, 'Handbook answers', 'CHATFLOW', chatflow.build())
  await page.goto(url(`/canvas/${chatflowId}`))
  const chat = await askInChat(page, QUESTION)
  const source = chat.getByRole('button', { name: 'Source document: handbook.pdf' }).first()
  await expect(source).toBeVisible({ timeout: 20_000 })
  await source.click()
  await expect(page.getByRole('dialog', { name: 'handbook.pdf' })).toContainText(REFUND)
  await page.keyboard.press('Escape')

  // An agentflow: Start → Retriever over the same store; its passages are the answer.
  const agentflow = templateFlow()
  const start = agentflow.add('startAgentflow', 0, 0)
  const retriever = agentflow.add('retrieverAgentflow', 300, 0, {
    retrieverKnowledgeDocumentStores: [storeId],
    retrieverQuery: '{{ question }}',
  })
  agentflow.follow(start, retriever)
  const agentflowId = await saveFlow(page, 'Handbook search', 'AGENTFLOW', agentflow.build())
  await page.goto(url(`/v2/agentcanvas/${agentflowId}`))
  const agentChat = await askInChat(page, QUESTION)
  await expect(agentChat.getByText(REFUND).first()).toBeVisible({ timeout: 20_000 })
  await expect(agentChat.getByRole('button', { name: 'Source document: handbook.pdf' }).first()).toBeVisible()
  await page.mouse.move(0, 0)
  await page.screenshot({ path: `test-results/${SHOTS}/agentflow-chat-light-wide.png` })
})
