import { expect, test, type Page } from '@playwright/test'
import { agentflowV1Templates } from '../packages/server/src/test/fixtures/flowise-marketplace/agentflows-v1.js'
import { chatflowTemplates } from '../packages/server/src/test/fixtures/flowise-marketplace/chatflows.js'
import { nodeOnCanvas, saveNewFlow } from './canvas-helpers.js'
import { expectPath, signIn } from './helpers.js'
import { lookAt } from './look-at.js'

// Flows of Flowise's marketplace (our own fixtures in its export format) opened on the canvas as a
// Flowise user brings them: every node drawn with its handles, none flagged as one Weft lacks, and
// saved. The palette offers the new families. Screenshots land in test-results/flowise-marketplace/.

const templateNamed = (name: string) =>
  [...chatflowTemplates, ...agentflowV1Templates].find((template) => template.name === name)!

async function loadFile(page: Page, name: string, flow: unknown) {
  await page.getByRole('button', { name: 'Flow settings' }).click()
  const picker = page.waitForEvent('filechooser')
  await page.getByRole('menuitem', { name: 'Load flow' }).click()
  await (await picker).setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(flow)) })
}

test('a Flowise sequential template with a Condition Agent and a Loop opens, draws and saves', async ({ page }) => {
  test.setTimeout(120_000)
  await signIn(page, 'openSource', '/agentflows')
  await expectPath(page, '/agentflows')
  await page.getByRole('button', { name: 'Add New' }).first().click()
  await page.getByRole('menuitem', { name: /Sequential agents/ }).click()
  await expectPath(page, '/agentcanvas')

  await loadFile(page, 'essay-writing.json', templateNamed('Essay Writing & Grading').flow())
  for (const id of ['seqStart_0', 'seqLLMNode_0', 'seqConditionAgent_0', 'seqLoop_0', 'seqEnd_0', 'chatOpenAI_0']) {
    await expect(nodeOnCanvas(page, id), `${id} drawn`).toBeVisible()
  }
  // The Condition Agent's outputs follow its rules: Rewrite (to the Loop) and End.
  const grader = nodeOnCanvas(page, 'seqConditionAgent_0')
  await expect(grader.locator('.react-flow__handle.source')).toHaveCount(2)
  await expect(page.locator('.react-flow__edge')).toHaveCount(6)
  await expect(page.getByText(/cannot run|has no node/i)).toHaveCount(0)

  await saveNewFlow(page, 'Essay writing', '/agentcanvas')
  await lookAt(page, 'flowise-marketplace', 'essay-writing', async () => {
    await expect(nodeOnCanvas(page, 'seqConditionAgent_0')).toBeVisible()
  })
})

test('a Flowise chatflow with an output parser opens, and the palette offers the new families', async ({ page }) => {
  test.setTimeout(120_000)
  await signIn(page, 'openSource', '/canvas')
  await loadFile(page, 'list-parser.json', templateNamed('List Output Parser').flow())
  for (const id of ['csvOutputParser_0', 'llmChain_0', 'promptTemplate_0', 'chatOpenAI_0']) {
    await expect(nodeOnCanvas(page, id), `${id} drawn`).toBeVisible()
  }
  await expect(page.locator('.react-flow__edge')).toHaveCount(3)

  const openPalette = async (search: string) => {
    await page.getByRole('button', { name: 'Add nodes' }).first().click()
    await page.getByLabel('Search nodes').fill(search)
  }
  await openPalette('pinecone')
  await expect(page.getByRole('button', { name: /^Pinecone/ })).toHaveCount(2)
  await page.keyboard.press('Escape')
  await lookAt(page, 'flowise-marketplace', 'palette-parsers', async () => {
    await openPalette('parser')
    await expect(page.getByRole('button', { name: /^CSV Output Parser/ })).toBeVisible()
    await page.waitForTimeout(300) // the category's opening animation
  })
})
