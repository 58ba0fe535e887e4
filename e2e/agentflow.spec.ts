import { expect, test, type Locator, type Page } from '@playwright/test'
import {
  canvas,
  connect,
  dropNode,
  edges,
  nodeOnCanvas,
  saveNewFlow,
  sourceHandle,
  targetHandle,
} from './canvas-helpers.js'
import { expectPath, sideMenu, signIn } from './helpers.js'
import { lookAt } from './look-at.js'
import { urlOf } from './servers.js'

// An agentflow built by hand on the canvas, Start → Condition → (LLM | Direct Reply), run from the
// canvas chat down each branch, then read back in Executions and on its public page. Screenshots
// of each stop land in test-results/agentflow/ for a person to look at.

const FLOW = 'Weather desk'
// The built-in responder answers from its system message when the question shares a word with it.
const FORECAST = 'The weather today is sunny and 24 degrees.'
const REPLY = 'Hi! I can only tell you the forecast.'
const WEATHER = 'what is the weather?'
const STEPS = {
  start: 'startAgentflow_0',
  condition: 'conditionAgentflow_0',
  llm: 'llmAgentflow_0',
  reply: 'directReplyAgentflow_0',
}
// A JSON object or array printed as text: `{"`, `[{` or `["`.
const RAW_JSON = /[{[]\s*["{]/

const runStatus = (page: Page, nodeId: string) => nodeOnCanvas(page, nodeId).getByRole('status')

/** The steps the last run lit up finished; the others show no mark at all. */
async function expectLit(page: Page, taken: string[], notTaken: string[]) {
  for (const id of taken) await expect(runStatus(page, id), `${id} finished`).toHaveAccessibleName('Finished')
  for (const id of notTaken) await expect(runStatus(page, id), `${id} did not run`).toHaveCount(0)
}

async function ask(page: Page, question: string) {
  const chat = page.getByRole('dialog', { name: /chat/i })
  await chat.getByLabel('Type your question').fill(question)
  await chat.getByRole('button', { name: 'Send message' }).click()
}

/** Opens a step's settings by double-clicking it, lets `edit` fill them, and closes them. */
async function editStep(page: Page, nodeId: string, edit: (dialog: Locator) => Promise<void>) {
  await nodeOnCanvas(page, nodeId).dblclick()
  const dialog = page.getByRole('dialog')
  await edit(dialog)
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(dialog).toBeHidden()
}

async function buildFlow(page: Page) {
  await sideMenu(page).getByRole('link', { name: 'Agentflows' }).click()
  await expectPath(page, '/agentflows')
  // With no agentflow yet, the empty list offers Add New too; the page header's comes first.
  await page.getByRole('button', { name: 'Add New' }).first().click()
  await page.getByRole('menuitem', { name: /Agentflow V2/ }).click()
  await expectPath(page, '/v2/agentcanvas')
  await expect(nodeOnCanvas(page, STEPS.start)).toBeVisible()

  // Left to right from where the Start step sits, so the flow reads the way it runs.
  const start = (await nodeOnCanvas(page, STEPS.start).boundingBox())!
  const area = (await canvas(page).boundingBox())!
  const [x, y] = [start.x - area.x, start.y - area.y + start.height / 2]
  await dropNode(page, 'Condition', x + 300, y)
  await dropNode(page, 'LLM', x + 620, y - 130)
  await dropNode(page, 'Direct Reply', x + 620, y + 130)
  for (const id of Object.values(STEPS)) await expect(nodeOnCanvas(page, id)).toBeVisible()
  await connect(page, sourceHandle(page, STEPS.start), targetHandle(page, STEPS.condition))
  await connect(page, sourceHandle(page, STEPS.condition, 0), targetHandle(page, STEPS.llm))
  await connect(page, sourceHandle(page, STEPS.condition, 1), targetHandle(page, STEPS.reply))
  await expect(edges(page)).toHaveCount(3)

  await editStep(page, STEPS.condition, async (dialog) => {
    await expect(dialog.getByRole('combobox', { name: 'Type' })).toHaveText('String')
    await dialog.getByLabel('Value 1').fill('{{ question }}')
    await dialog.getByRole('combobox', { name: 'Operation' }).click()
    await page.getByRole('option', { name: 'Contains', exact: true }).click()
    await expect(dialog.getByRole('combobox', { name: 'Operation' })).toHaveText('Contains')
    await dialog.getByLabel('Value 2').fill('weather')
  })
  // The LLM keeps the built-in responder; a system message gives it something to say about the weather.
  await editStep(page, STEPS.llm, async (dialog) => {
    const model = dialog.getByRole('combobox', { name: 'Model', exact: true })
    // Until its list is opened, the field shows the model's internal name.
    await expect(model).toHaveValue(/^(chatOffline|Built-in Responder)$/)
    await page.screenshot({ path: 'test-results/agentflow/llm-settings-light-wide.png' })
    await model.click()
    await page.getByRole('option', { name: /^Built-in Responder/ }).click()
    await expect(model).toHaveValue('Built-in Responder')
    await dialog.getByRole('button', { name: 'Add Messages' }).click()
    await expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveText('System')
    await dialog.getByLabel('Content').fill(FORECAST)
  })
  await editStep(page, STEPS.reply, async (dialog) => {
    await dialog.getByLabel('Message').fill(REPLY)
  })
  await saveNewFlow(page, FLOW, '/v2/agentcanvas')
  await expect(page.getByText('Flow saved')).toBeHidden({ timeout: 10_000 })
}

test('an agentflow built by hand takes each branch, lights its steps, and reads back in Executions and when shared', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000)
  await signIn(page, 'openSource', '/chatflows')
  await expectPath(page, '/chatflows')
  await buildFlow(page)

  // Each question lights the steps it went through, and only those.
  await page.getByRole('button', { name: 'Open chat' }).click()
  const chat = page.getByRole('dialog', { name: /chat/i })
  await ask(page, 'hello')
  await expect(chat.getByText(REPLY)).toBeVisible()
  await expectLit(page, [STEPS.start, STEPS.condition, STEPS.reply], [STEPS.llm])
  await ask(page, WEATHER)
  await expect(chat.getByText(FORECAST)).toBeVisible()
  await expectLit(page, [STEPS.start, STEPS.condition, STEPS.llm], [STEPS.reply])

  // Executions: both runs, finished, newest first.
  await page.getByRole('link', { name: 'Back' }).click()
  await expectPath(page, '/agentflows')
  await sideMenu(page).getByRole('link', { name: 'Executions' }).click()
  await expectPath(page, '/executions')
  const table = page.getByRole('table', { name: 'Executions' })
  const runs = table.getByRole('button', { name: new RegExp(`^${FLOW}, started`) })
  await expect(runs).toHaveCount(2)
  await expect(table.getByRole('row').filter({ hasText: 'Finished' })).toHaveCount(2)

  await runs.first().click()
  const drawer = page.getByRole('dialog', { name: FLOW })
  const executionId = new URL(page.url()).searchParams.get('execution')!
  expect(executionId).toBeTruthy()
  await expectStepsOfWeatherRun(drawer)

  // Shared: a signed-out visitor reads the same steps, with nothing to change.
  // The switch follows the server: it turns on once the share is saved.
  await drawer.getByRole('switch', { name: 'Share publicly' }).click()
  await expect(drawer.getByRole('switch', { name: 'Share publicly' })).toBeChecked()
  const link = drawer.getByRole('textbox', { name: 'Public link' })
  await expect(link).toHaveValue(urlOf('openSource', `/execution/${executionId}`))
  const publicLink = await link.inputValue()
  const stranger = await browser.newContext()
  const visitor = await stranger.newPage()
  await visitor.goto(publicLink)
  await expect(visitor.getByText('Shared execution')).toBeVisible()
  await expectStepsOfWeatherRun(visitor.locator('body'))
  await expect(visitor.getByRole('switch', { name: 'Share publicly' })).toHaveCount(0)
  await expect(visitor.getByRole('button', { name: 'Delete' })).toHaveCount(0)
  await lookAt(visitor, 'agentflow', 'public-execution', async () => {
    await expect(visitor.getByRole('tree', { name: 'Steps' })).toBeVisible()
  })
  await lookAt(page, 'agentflow', 'execution-detail', async () => {
    await expect(page.getByRole('dialog', { name: FLOW }).getByRole('tree', { name: 'Steps' })).toBeVisible()
  })

  // Not shared any more: the visitor's page says so, and so does the API.
  await page.getByRole('dialog', { name: FLOW }).getByRole('switch', { name: 'Share publicly' }).click()
  await expect(
    page.getByRole('dialog', { name: FLOW }).getByRole('switch', { name: 'Share publicly' }),
  ).not.toBeChecked()
  await expect(page.getByRole('dialog', { name: FLOW }).getByRole('textbox', { name: 'Public link' })).toHaveCount(0)
  await visitor.reload()
  await expect(visitor.getByText('This execution is not shared or does not exist')).toBeVisible()
  await expect(visitor.getByRole('tree', { name: 'Steps' })).toHaveCount(0)
  await visitor.screenshot({ path: 'test-results/agentflow/public-execution-unshared-light-wide.png' })
  const refused = await stranger.request.get(urlOf('openSource', `/api/v1/public-executions/${executionId}`))
  expect(refused.status()).toBe(404)
  await stranger.close()

  await page.getByRole('dialog', { name: FLOW }).getByRole('button', { name: 'Close' }).click()
  await expect(page.getByRole('dialog', { name: FLOW })).toBeHidden()
  await lookAt(page, 'agentflow', 'executions-list', async () => {
    await expect(page.getByRole('table', { name: 'Executions' }).getByRole('row').nth(2)).toBeVisible()
  })

  // Last, as it adds runs: the canvas with the chat open and the weather branch lit, in every look.
  await page.goto(urlOf('openSource', '/agentflows'))
  await page.getByRole('link', { name: FLOW }).first().click()
  await expect(nodeOnCanvas(page, STEPS.condition)).toBeVisible()
  await lookAt(page, 'agentflow', 'canvas-chat', async () => {
    await page.getByRole('button', { name: 'Open chat' }).click()
    // A new conversation each time, so the screenshot shows one answer per branch.
    await page.getByRole('button', { name: 'Clear chat' }).click()
    await page.getByRole('dialog', { name: 'Clear this chat?' }).getByRole('button', { name: 'Clear' }).click()
    await ask(page, 'hello')
    await expect(page.getByRole('dialog', { name: /chat/i }).getByText(REPLY)).toBeVisible()
    await ask(page, WEATHER)
    await expect(page.getByRole('dialog', { name: /chat/i }).getByText(FORECAST)).toBeVisible()
    await expectLit(page, [STEPS.start, STEPS.condition, STEPS.llm], [STEPS.reply])
    await page.mouse.move(0, 0) // no tooltip left over from the send button
    await page.waitForTimeout(400) // the view's move to make room for the panel
  })
})

/** The weather run's step tree, and each step's input and output read as text, not as JSON. */
async function expectStepsOfWeatherRun(scope: Locator) {
  const tree = scope.getByRole('tree', { name: 'Steps' })
  const items = tree.getByRole('treeitem')
  await expect(items).toHaveCount(3)
  for (const [at, label] of ['Start', 'Condition', 'LLM'].entries()) {
    await expect(items.nth(at)).toHaveAccessibleName(new RegExp(`^${label}, Finished`))
  }
  await expect(tree.getByText('Direct Reply')).toHaveCount(0)

  const input = scope.getByRole('region', { name: 'Input' })
  const output = scope.getByRole('region', { name: 'Output' })
  const expectRead = async (label: string, given: string | RegExp | undefined, gave: string | RegExp) => {
    await items.filter({ hasText: label }).click()
    await expect(scope.getByRole('heading', { name: label, level: 3 })).toBeVisible()
    if (given !== undefined) await expect(input).toContainText(given)
    await expect(output).toContainText(gave)
    await expect(input).not.toContainText(RAW_JSON)
    await expect(output).not.toContainText(RAW_JSON)
  }
  // The Start step records its settings as its input; the question is what it gives on.
  await expectRead('Start', undefined, WEATHER)
  // The rule as it ran, with {{ question }} filled in, and which output it took.
  await expectRead('Condition', WEATHER, 'Condition 0: taken')
  await expect(output).toContainText('Else: not taken')
  await expectRead('LLM', WEATHER, FORECAST)
}
