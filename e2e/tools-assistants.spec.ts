import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { agentflowData } from '../packages/engine/src/testing/test-agentflow.js'
import { CHILD_ADMIN, childServer, type ChildServer } from '../packages/server/src/test/child-server.js'
import { lookAt } from './look-at.js'

// Issue 12 as a user walks it on a fresh install with no network: a tool written and tested on
// /tools, called by an agentflow's Agent step and seen in the execution; a custom assistant that
// searches a document store, chatted with; a flow saved as a template and used; then everything
// exported, the workspace wiped, the file imported, and all of it back and running. The built-in
// model calls a tool when asked "use <tool> <input>". Screenshots land in test-results/tools-assistants/.

const SHOTS = 'tools-assistants'
const TOOL = 'get_order_status'
const FLOW = 'Order desk'
const ASSISTANT = 'Handbook helper'

let server: ChildServer
test.beforeAll(async () => {
  server = await childServer('e2e-tools-assistants')
  await server.start()
})
test.afterAll(() => server.close())

const url = (path: string) => `${server.base}${path}`

async function signIn(page: Page) {
  await page.goto(url('/login'))
  await page.getByLabel('Email').fill(CHILD_ADMIN.email)
  await page.getByLabel('Password', { exact: true }).fill(CHILD_ADMIN.password)
  await page.getByRole('button', { name: /sign in/i }).click()
  await page.waitForURL((where) => !where.pathname.startsWith('/login'))
}

/** Types into a code editor field of the dialog, replacing what it holds. */
async function writeCode(page: Page, label: string, text: string) {
  const editor = page.getByRole('dialog').getByRole('textbox', { name: label })
  await editor.click()
  await page.keyboard.press('Control+A')
  await page.keyboard.insertText(text)
}

async function api<T>(page: Page, method: 'get' | 'post' | 'put', path: string, data?: unknown): Promise<T> {
  const res = await page.request[method](url(`/api/v1${path}`), data === undefined ? {} : { data })
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true)
  return (await res.json()) as T
}

async function waitForJob(page: Page, storeId: string, job: { id: string }) {
  await expect
    .poll(
      async () =>
        (await api<{ id: string; status: string }[]>(page, 'get', `/document-store/jobs/${storeId}`)).find(
          (candidate) => candidate.id === job.id,
        )?.status,
      { timeout: 30_000 },
    )
    .toBe('done')
}

/** A store of the handbook text, processed and upserted with the built-in embedder into the embedded store. */
async function handbookStore(page: Page): Promise<string> {
  const store = await api<{ id: string }>(page, 'post', '/document-store/store', {
    name: 'Handbook',
    description: 'Staff handbook',
  })
  const loader = await api<{ id: string }>(page, 'post', '/document-store/loader/save', {
    storeId: store.id,
    loaderId: 'plainText',
    loaderConfig: {
      text: 'Refunds are possible within 30 days of purchase.\n\nLaptops are replaced every three years.',
    },
    splitterId: 'recursiveCharacterTextSplitter',
    splitterConfig: { chunkSize: 60, chunkOverlap: 0 },
  })
  await waitForJob(page, store.id, await api(page, 'post', `/document-store/loader/process/${loader.id}`))
  await waitForJob(
    page,
    store.id,
    await api(page, 'post', '/document-store/vectorstore/insert', {
      storeId: store.id,
      embeddingName: 'offlineEmbeddings',
      embeddingConfig: {},
      vectorStoreName: 'embeddedVectorStore',
      vectorStoreConfig: {},
    }),
  )
  return store.id
}

test('a tool, an assistant with knowledge and a template are made, used, exported and imported back', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await signIn(page)
  // A variable the tool reads, so the import shows it back by the tool's answer.
  await api(page, 'post', '/variables', { name: 'warehouse', value: 'Oslo' })

  // The tool: written, tested in the sandbox, saved.
  await page.goto(url('/tools'))
  await expect(page.getByText('No tools yet')).toBeVisible()
  await page.getByRole('button', { name: 'Create' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Create Tool' })
  await dialog.getByLabel('Tool Name').fill(TOOL)
  await dialog.getByLabel('Tool Description').fill('Tells when an order ships, by its number')
  await dialog.getByRole('button', { name: 'Add property' }).click()
  await dialog.getByLabel('Property 1', { exact: true }).fill('orderId')
  await dialog.getByLabel('Required 1', { exact: true }).check()
  await writeCode(page, 'JavaScript Function', 'return `Order ${$orderId} leaves ${$vars.warehouse} tomorrow`')
  const testPanel = dialog.getByRole('region', { name: 'Test' })
  await testPanel.getByLabel(/^orderId/).fill('A7')
  await testPanel.getByRole('button', { name: 'Run' }).click()
  await expect(testPanel.getByRole('region', { name: 'Output' })).toHaveText('Order A7 leaves Oslo tomorrow')
  await page.screenshot({ path: `test-results/${SHOTS}/tool-test-light-wide.png` })
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(`Tool ${TOOL} created`)).toBeVisible()
  await lookAt(page, SHOTS, 'tools-list', async () => {
    await expect(page.getByRole('table', { name: 'Tools' })).toBeVisible()
  })
  await lookAt(page, SHOTS, 'tool-dialog', async () => {
    await page.getByRole('button', { name: TOOL, exact: true }).click()
    await expect(page.getByRole('dialog', { name: `Edit ${TOOL}` })).toBeVisible()
    await expect(page.getByText('Loading editor...')).toHaveCount(0)
    // The dialog fades in: wait until it is fully drawn.
    await expect(page.getByRole('dialog', { name: `Edit ${TOOL}` })).toHaveCSS('opacity', '1')
  })
  const [tool] = await api<{ id: string }[]>(page, 'get', '/tools')

  // An agentflow whose Agent step (the built-in model) calls the saved tool; seen in the execution.
  const flowData = agentflowData(
    [
      { id: 'startAgentflow_0' },
      {
        id: 'agentAgentflow_0',
        inputs: {
          agentModel: 'chatOffline',
          agentEnableMemory: false,
          agentTools: [{ agentSelectedTool: 'customTool', agentSelectedToolConfig: { selectedTool: tool!.id } }],
        },
      },
    ],
    [['startAgentflow_0', 'agentAgentflow_0']],
  )
  const flow = await api<{ id: string }>(page, 'post', '/chatflows', {
    name: FLOW,
    type: 'AGENTFLOW',
    flowData: JSON.stringify(flowData),
  })
  await page.goto(url(`/v2/agentcanvas/${flow.id}`))
  await page.getByRole('button', { name: 'Open chat' }).click()
  const chat = page.getByRole('dialog', { name: /chat/i })
  await chat.getByLabel('Type your question').fill(`use ${TOOL} A7`)
  await chat.getByRole('button', { name: 'Send message' }).click()
  await expect(chat.getByText(/Order A7 leaves Oslo tomorrow/).first()).toBeVisible({ timeout: 15_000 })
  await page.goto(url('/executions'))
  await page
    .getByRole('table', { name: 'Executions' })
    .getByRole('button', { name: new RegExp(`^${FLOW}, started`) })
    .click()
  const drawer = page.getByRole('dialog', { name: FLOW })
  await drawer.getByRole('treeitem').filter({ hasText: 'Agent' }).first().click()
  await expect(drawer.getByText(TOOL).first()).toBeVisible()
  await lookAt(page, SHOTS, 'execution-with-tool', async () => {
    await expect(drawer.getByText(TOOL).first()).toBeVisible()
  })

  // A custom assistant that searches the handbook store.
  await handbookStore(page)
  await page.goto(url('/assistants'))
  await lookAt(page, SHOTS, 'assistant-kinds', async () => {
    await expect(page.getByRole('link', { name: 'Custom Assistant' })).toBeVisible()
  })
  await page.getByRole('link', { name: 'Custom Assistant' }).click()
  await expect(page.getByText('No custom assistants yet')).toBeVisible()
  await page.getByRole('button', { name: 'Add' }).click()
  await page.getByRole('dialog').getByRole('textbox', { name: 'Name' }).fill(ASSISTANT)
  await page.getByRole('dialog').getByRole('button', { name: 'Add' }).click()
  await expect(page.getByRole('heading', { name: ASSISTANT })).toBeVisible()
  await page.getByRole('textbox', { name: 'Instructions' }).fill('You answer questions about the staff handbook.')
  await page.getByRole('combobox', { name: 'Chat Model' }).click()
  await page.getByRole('option', { name: /Built-in/ }).click()
  await page.getByRole('checkbox', { name: 'Handbook' }).check()
  await page.getByRole('button', { name: 'Save' }).click()
  const assistantChat = page.getByRole('region', { name: `Chat with ${ASSISTANT}` })
  await expect(assistantChat).toBeVisible()
  await assistantChat.getByLabel('Type your question').fill('use handbook refund')
  await assistantChat.getByRole('button', { name: 'Send message' }).click()
  await expect(assistantChat.getByText(/within 30 days/).first()).toBeVisible({ timeout: 15_000 })
  await lookAt(page, SHOTS, 'custom-assistant', async () => {
    await expect(assistantChat).toBeVisible()
  })

  // The agentflow saved as a template, and a new flow made from it.
  await page.goto(url(`/v2/agentcanvas/${flow.id}`))
  await page.getByRole('button', { name: 'Flow settings' }).click()
  await page.getByRole('menuitem', { name: 'Save As Template' }).click()
  const save = page.getByRole('dialog', { name: 'Save flow as template' })
  await save.getByLabel('Description').fill('An agent that looks up orders')
  await save.getByRole('button', { name: 'Save template' }).click()
  await expect(page.getByText(`Saved ${FLOW} as a template`)).toBeVisible()
  await page.goto(url('/marketplaces?tab=custom'))
  await lookAt(page, SHOTS, 'my-templates', async () => {
    await expect(page.getByRole('link', { name: FLOW })).toBeVisible()
  })
  await page.getByRole('link', { name: FLOW }).click()
  await page.getByRole('button', { name: 'Use template' }).click()
  await expect(page).toHaveURL(/\/v2\/agentcanvas$/)
  await expect(page.locator('.react-flow__node')).toHaveCount(2)

  // Everything exported from the user menu, the workspace wiped, the file imported back.
  await page.goto(url('/chatflows'))
  await page.getByRole('button', { name: 'User menu' }).click()
  await page.getByRole('menuitem', { name: 'Export' }).click()
  const exportDialog = page.getByRole('dialog', { name: 'Export' })
  await expect(exportDialog.getByLabel('Select all')).toBeVisible()
  await page.screenshot({ path: `test-results/${SHOTS}/export-dialog-light-wide.png` })
  const downloading = page.waitForEvent('download')
  await exportDialog.getByRole('button', { name: 'Export' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^weft-export-\d{4}-\d{2}-\d{2}\.json$/)
  const file = `test-results/${SHOTS}/${download.suggestedFilename()}`
  await download.saveAs(file)
  const bundle = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown[]>
  expect(bundle.Tool).toHaveLength(1)
  expect(JSON.stringify(bundle)).not.toContain('"workspaceId"')

  const before = await counts(page)
  await wipe(page)
  expect(await counts(page)).toEqual({
    flows: 0,
    tools: 0,
    variables: 0,
    templates: 0,
    stores: 0,
    executions: 0,
    assistants: 0,
  })

  await page.goto(url('/chatflows'))
  await page.getByRole('button', { name: 'User menu' }).click()
  const choosing = page.waitForEvent('filechooser')
  await page.getByRole('menuitem', { name: 'Import' }).click()
  await (await choosing).setFiles(file)
  await expect(page.getByText(/Import All successful|Failed to import/)).toHaveText('Import All successful')
  await page.waitForLoadState('load')
  expect(await counts(page)).toEqual(before)

  // Back and running: the agentflow calls the tool again; the assistant searches its store once upserted.
  const [imported] = await api<{ id: string; name: string }[]>(page, 'get', '/chatflows?type=AGENTFLOW')
  await page.goto(url(`/v2/agentcanvas/${imported!.id}`))
  await page.getByRole('button', { name: 'Open chat' }).click()
  const chatAgain = page.getByRole('dialog', { name: /chat/i })
  await chatAgain.getByLabel('Type your question').fill(`use ${TOOL} B9`)
  await chatAgain.getByRole('button', { name: 'Send message' }).click()
  await expect(chatAgain.getByText(/Order B9 leaves Oslo tomorrow/).first()).toBeVisible({ timeout: 15_000 })

  const [store] = await api<{ id: string }[]>(page, 'get', '/document-store/store')
  await waitForJob(
    page,
    store!.id,
    await api(page, 'post', '/document-store/vectorstore/insert', { storeId: store!.id, ...BUILT_IN_VECTORS }),
  )
  const [assistant] = await api<{ id: string }[]>(page, 'get', '/assistants?type=CUSTOM')
  await page.goto(url(`/assistants/custom/${assistant!.id}`))
  const chatAssistant = page.getByRole('region', { name: `Chat with ${ASSISTANT}` })
  await chatAssistant.getByLabel('Type your question').fill('use handbook laptops')
  await chatAssistant.getByRole('button', { name: 'Send message' }).click()
  await expect(chatAssistant.getByText(/every three years/).first()).toBeVisible({ timeout: 15_000 })
  await page.goto(url('/marketplaces?tab=custom'))
  await expect(page.getByRole('link', { name: FLOW })).toBeVisible()
})

const BUILT_IN_VECTORS = {
  embeddingName: 'offlineEmbeddings',
  embeddingConfig: {},
  vectorStoreName: 'embeddedVectorStore',
  vectorStoreConfig: {},
}

/** How many of each thing the workspace holds, through the API as the user sees it. */
async function counts(page: Page) {
  const length = async (path: string) => {
    const body = await api<unknown[] | { data: unknown[]; total: number }>(page, 'get', path)
    return Array.isArray(body) ? body.length : body.total
  }
  return {
    flows: (await length('/chatflows?type=AGENTFLOW')) + (await length('/chatflows?type=ASSISTANT')),
    tools: await length('/tools'),
    variables: await length('/variables'),
    templates: await length('/marketplaces/custom'),
    stores: await length('/document-store/store'),
    executions: await length('/executions'),
    assistants: await length('/assistants'),
  }
}

/** Deletes everything the walk made, as a user could one by one. */
async function wipe(page: Page) {
  const remove = async (path: string) => {
    const res = await page.request.delete(url(`/api/v1${path}`))
    expect(res.ok(), `delete ${path}: ${await res.text()}`).toBe(true)
  }
  for (const assistant of await api<{ id: string }[]>(page, 'get', '/assistants'))
    await remove(`/assistants/${assistant.id}`)
  for (const flow of await api<{ id: string }[]>(page, 'get', '/chatflows?type=AGENTFLOW'))
    await remove(`/chatflows/${flow.id}`)
  for (const tool of await api<{ id: string }[]>(page, 'get', '/tools')) await remove(`/tools/${tool.id}`)
  for (const variable of await api<{ id: string }[]>(page, 'get', '/variables'))
    await remove(`/variables/${variable.id}`)
  for (const template of await api<{ id: string }[]>(page, 'get', '/marketplaces/custom'))
    await remove(`/marketplaces/custom/${template.id}`)
  for (const store of await api<{ id: string }[]>(page, 'get', '/document-store/store'))
    await remove(`/document-store/store/${store.id}`)
}
