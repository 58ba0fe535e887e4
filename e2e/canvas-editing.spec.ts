import { expect, test, type Page } from '@playwright/test'
import { canvas, dropNode, nodeOnCanvas, saveNewFlow } from './canvas-helpers.js'
import { expectPath, signIn } from './helpers.js'

const nodes = (page: Page) => page.locator('.react-flow__node')

test('copy, paste, undo, redo and delete with the keyboard, and a guard before leaving unsaved work', async ({ page }) => {
  await signIn(page, 'openSource', '/canvas')
  await expect(canvas(page)).toBeVisible()
  await dropNode(page, 'Calculator', 600, 200)
  await expect(nodes(page)).toHaveCount(1)

  // Select the node by its header, then copy and paste it.
  await nodeOnCanvas(page, 'calculator_0').getByText('Calculator', { exact: true }).first().click()
  await page.keyboard.press('Control+C')
  await page.keyboard.press('Control+V')
  await expect(nodes(page)).toHaveCount(2)
  await expect(nodeOnCanvas(page, 'calculator_1')).toBeVisible()

  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(nodes(page)).toHaveCount(1)
  await page.keyboard.press('Control+Shift+Z')
  await expect(nodes(page)).toHaveCount(2)
  await page.keyboard.press('Control+Z')
  await expect(nodes(page)).toHaveCount(1)

  await nodeOnCanvas(page, 'calculator_0').getByText('Calculator', { exact: true }).first().click()
  await page.keyboard.press('Delete')
  await expect(nodes(page)).toHaveCount(0)
  await page.keyboard.press('Control+Z')
  await expect(nodes(page)).toHaveCount(1)

  // Leaving with unsaved changes asks first; staying keeps the work.
  await page.getByRole('link', { name: 'Back' }).click()
  const guard = page.getByRole('dialog')
  await expect(guard).toBeVisible()
  await guard.getByRole('button', { name: 'Stay' }).click()
  await expect(nodes(page)).toHaveCount(1)
  await page.getByRole('link', { name: 'Back' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Leave' }).click()
  await expectPath(page, '/chatflows')
})

test('a template opens read-only and "Use template" starts an editable copy that saves as a new flow', async ({ page }) => {
  await signIn(page, 'openSource', '/marketplaces')
  await page.getByText('Simple LLM Chain').click()
  await expectPath(page, '/marketplace/simple-llm-chain')
  await expect(nodeOnCanvas(page, 'llmChain_0')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add nodes' })).toHaveCount(0)

  await page.getByRole('button', { name: 'Use template' }).click()
  await expectPath(page, '/canvas')
  await expect(nodeOnCanvas(page, 'llmChain_0')).toBeVisible()
  await expect(page.locator('.react-flow__edge')).toHaveCount(2)
  await saveNewFlow(page, 'My LLM chain', '/canvas')

  await page.getByRole('link', { name: 'Back' }).click()
  await expectPath(page, '/chatflows')
  await expect(page.getByText('My LLM chain')).toBeVisible()
})
