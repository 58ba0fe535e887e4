import { expect, test } from '@playwright/test'
import { canvas, connect, dropNode, edges, nodeOnCanvas, saveNewFlow, sourceHandle, targetHandle } from './canvas-helpers.js'
import { signIn } from './helpers.js'
import { urlOf } from './servers.js'

const VARIABLE_ALERT = 'Please specify a Variable. Try connecting Condition node to a previous node and select the variable'

test('builds an agentflow V2 with a condition: refuses a cycle, alerts on an incomplete condition, saves and reloads it', async ({
  page,
}) => {
  await signIn(page, 'openSource', '/v2/agentcanvas')
  await expect(canvas(page)).toBeVisible()
  // A new agentflow starts with its Start step.
  await expect(nodeOnCanvas(page, 'startAgentflow_0')).toBeVisible()

  await dropNode(page, 'Condition', 520, 300)
  await dropNode(page, 'LLM', 900, 150)
  await dropNode(page, 'LLM', 900, 500)
  for (const id of ['conditionAgentflow_0', 'llmAgentflow_0', 'llmAgentflow_1']) await expect(nodeOnCanvas(page, id)).toBeVisible()

  await connect(page, sourceHandle(page, 'startAgentflow_0'), targetHandle(page, 'conditionAgentflow_0'))
  await connect(page, sourceHandle(page, 'conditionAgentflow_0', 0), targetHandle(page, 'llmAgentflow_0'))
  await connect(page, sourceHandle(page, 'conditionAgentflow_0', 1), targetHandle(page, 'llmAgentflow_1'))
  await expect(edges(page)).toHaveCount(3)

  // Back from a branch into the condition would loop forever: refused.
  await connect(page, sourceHandle(page, 'llmAgentflow_0'), targetHandle(page, 'conditionAgentflow_0'))
  await expect(edges(page)).toHaveCount(3)

  // The condition has no variable yet: saving shows the SPEC alert and saves nothing.
  await page.getByRole('button', { name: 'Save flow' }).click()
  const alert = page.getByRole('alertdialog')
  await expect(alert).toContainText(VARIABLE_ALERT)
  await alert.getByRole('button', { name: 'OK' }).click()
  await expect(page).toHaveURL(/\/v2\/agentcanvas$/)

  await nodeOnCanvas(page, 'conditionAgentflow_0').dblclick()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Value 1').fill('{{ question }}')
  await dialog.getByLabel('Value 2').fill('price')
  await dialog.getByRole('button', { name: 'Done' }).click()

  await saveNewFlow(page, 'Routing agent', '/v2/agentcanvas')
  await page.reload()
  for (const id of ['startAgentflow_0', 'conditionAgentflow_0', 'llmAgentflow_0', 'llmAgentflow_1']) {
    await expect(nodeOnCanvas(page, id)).toBeVisible()
  }
  await expect(edges(page)).toHaveCount(3)
  await nodeOnCanvas(page, 'conditionAgentflow_0').dblclick()
  await expect(page.getByRole('dialog').getByLabel('Value 1')).toHaveValue('{{ question }}')
})

test('a step dropped on an Iteration goes inside it and is saved as its child', async ({ page }) => {
  await signIn(page, 'openSource', '/v2/agentcanvas')
  await expect(canvas(page)).toBeVisible()
  await dropNode(page, 'Iteration', 520, 250)
  const container = nodeOnCanvas(page, 'iterationAgentflow_0')
  await expect(container).toBeVisible()
  const box = (await container.boundingBox())!
  const area = (await canvas(page).boundingBox())!
  await dropNode(page, 'LLM', box.x - area.x + box.width / 2, box.y - area.y + box.height * 0.6)
  await expect(nodeOnCanvas(page, 'llmAgentflow_0')).toBeVisible()

  await saveNewFlow(page, 'Iterating agent', '/v2/agentcanvas')
  const id = page.url().split('/').pop()
  const flow = await (await page.request.get(urlOf('openSource', `/api/v1/chatflows/${id}`))).json()
  const nodes = JSON.parse(flow.flowData).nodes as { id: string; parentNode?: string }[]
  expect(nodes.find((node) => node.id === 'llmAgentflow_0')?.parentNode).toBe('iterationAgentflow_0')
})
