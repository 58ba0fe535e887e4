import { expect, test, type Page } from '@playwright/test'
import { addEdge, outputHandles, type FlowData } from '@weft/core'
import { templateFlow } from '../packages/nodes/src/templates/template-flow.js'
import { nodeOnCanvas, saveNewFlow } from './canvas-helpers.js'
import { expectPath, sideMenu, signIn } from './helpers.js'

// A sequential agent flow (V1) loaded from a flow file through the canvas's Load flow, saved, and
// run from the canvas chat: the built-in responder has the agent call the calculator for the sum,
// and the answer comes back with the tool call shown. The screenshot lands in
// test-results/sequential-agents/ for a person to look at.

const FLOW = 'Maths desk'
const QUESTION = 'What is 12 * (3 + 4)?'
const STEPS = ['seqStart_0', 'seqAgent_0', 'seqCondition_0', 'seqEnd_0', 'seqEnd_1']

/**
 * Start (the built-in responder as its model) → Agent (the calculator) → Condition ("Correct" when
 * the answer has 84) → End | End. Built from the catalogue with the canvas's own rules, so the file
 * holds nodes as the canvas saves them.
 */
function flowFile(): string {
  const flow = templateFlow()
  const model = flow.add('chatOffline', 0, 0)
  const calculator = flow.add('calculator', 400, 420)
  const start = flow.add('seqStart', 400, 0)
  const agent = flow.add('seqAgent', 800, 0, { agentName: 'Maths', systemMessagePrompt: 'You work out sums.' })
  const condition = flow.add('seqCondition', 1200, 0, {
    conditions: [{ variable: '$flow.output.content', operation: 'Contains', value: '84', output: 'Correct' }],
  })
  const correct = flow.add('seqEnd', 1600, -120)
  const otherwise = flow.add('seqEnd', 1600, 200)
  flow.connect(model, start, 'model')
  flow.connect(calculator, agent, 'tools')
  flow.connect(start, agent, 'sequentialNode')
  flow.connect(agent, condition, 'sequentialNode')
  // The Condition's outputs are its rules' names and "End"; each leads to its own End.
  let data: FlowData = flow.build()
  const conditionNode = data.nodes.find((node) => node.id === condition)!
  for (const [output, end] of [
    ['Correct', correct],
    ['End', otherwise],
  ] as const) {
    const handle = outputHandles(conditionNode.data).find((candidate) => candidate.name === output)!
    const input = data.nodes.find((node) => node.id === end)!.data.inputAnchors.find((a) => a.name === 'sequentialNode')!
    data = addEdge(data, { source: condition, sourceHandle: handle.id, target: end, targetHandle: input.id })
  }
  return JSON.stringify(data)
}

async function ask(page: Page, question: string) {
  const chat = page.getByRole('dialog', { name: /chat/i })
  await chat.getByLabel('Type your question').fill(question)
  await chat.getByRole('button', { name: 'Send message' }).click()
}

test('a sequential agent flow loaded from a file answers a sum through its calculator', async ({ page }) => {
  test.setTimeout(120_000)
  await signIn(page, 'openSource', '/chatflows')
  await expectPath(page, '/chatflows')

  await sideMenu(page).getByRole('link', { name: 'Agentflows' }).click()
  await expectPath(page, '/agentflows')
  await page.getByRole('button', { name: 'Add New' }).first().click()
  await page.getByRole('menuitem', { name: /Sequential agents/ }).click()
  await expectPath(page, '/agentcanvas')

  // Load flow opens the file picker, as a person would pick the JSON file.
  await page.getByRole('button', { name: 'Flow settings' }).click()
  const picker = page.waitForEvent('filechooser')
  await page.getByRole('menuitem', { name: 'Load flow' }).click()
  await (
    await picker
  ).setFiles({ name: 'maths-desk.json', mimeType: 'application/json', buffer: Buffer.from(flowFile()) })
  for (const id of STEPS) await expect(nodeOnCanvas(page, id), `${id} loaded`).toBeVisible()
  await expect(nodeOnCanvas(page, 'chatOffline_0')).toBeVisible()
  await expect(nodeOnCanvas(page, 'calculator_0')).toBeVisible()

  await saveNewFlow(page, FLOW, '/agentcanvas')
  await expect(page.getByText('Flow saved')).toBeHidden({ timeout: 10_000 })

  await page.getByRole('button', { name: 'Open chat' }).click()
  const chat = page.getByRole('dialog', { name: /chat/i })
  await ask(page, QUESTION)
  const toolChip = chat.getByRole('button', { name: 'Tool call: calculator' })
  await expect(toolChip).toBeVisible({ timeout: 30_000 })
  await expect(chat.getByText(/\b84\b/).last()).toBeVisible()

  // The chip opens what the agent gave the calculator and what it got back.
  await toolChip.click()
  const call = page.getByRole('dialog', { name: 'calculator' })
  await expect(call).toContainText('12 * (3 + 4)')
  await expect(call).toContainText('84')
  await page.keyboard.press('Escape')
  await expect(call).toBeHidden()

  await page.mouse.move(0, 0) // no tooltip left over from the send button
  await page.waitForTimeout(400) // the view's move to make room for the panel
  await page.screenshot({ path: 'test-results/sequential-agents/canvas-chat-light-wide.png' })
})
