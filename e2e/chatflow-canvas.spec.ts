import { expect, test } from '@playwright/test'
import { canvas, connect, dropNode, edges, inputHandle, nodeOnCanvas, saveNewFlow, sourceHandle } from './canvas-helpers.js'
import { signIn } from './helpers.js'

test('builds a chatflow from the palette, refuses a wrong connection, saves and reloads it unchanged', async ({ page }) => {
  await signIn(page, 'openSource', '/canvas')
  await expect(canvas(page)).toBeVisible()

  await dropNode(page, 'Built-in Responder', 480, 30)
  await dropNode(page, 'Prompt Template', 480, 360)
  await dropNode(page, 'LLM Chain', 1000, 200)
  for (const id of ['chatOffline_0', 'promptTemplate_0', 'llmChain_0']) await expect(nodeOnCanvas(page, id)).toBeVisible()

  // A prompt is not a language model: the chain's model input refuses it.
  await connect(page, sourceHandle(page, 'promptTemplate_0'), inputHandle(page, 'llmChain_0', 'model'))
  await expect(edges(page)).toHaveCount(0)

  await connect(page, sourceHandle(page, 'chatOffline_0'), inputHandle(page, 'llmChain_0', 'model'))
  await connect(page, sourceHandle(page, 'promptTemplate_0'), inputHandle(page, 'llmChain_0', 'prompt'))
  await expect(edges(page)).toHaveCount(2)

  const template = nodeOnCanvas(page, 'promptTemplate_0').getByLabel('Template')
  await template.fill('Tell me about {topic}')
  await expect(page.getByText('Unsaved changes')).toBeVisible()

  await saveNewFlow(page, 'Palette chatflow', '/canvas')
  await expect(page.getByText('Unsaved changes')).toHaveCount(0)

  await page.reload()
  for (const id of ['chatOffline_0', 'promptTemplate_0', 'llmChain_0']) await expect(nodeOnCanvas(page, id)).toBeVisible()
  await expect(edges(page)).toHaveCount(2)
  await expect(nodeOnCanvas(page, 'promptTemplate_0').getByLabel('Template')).toHaveValue('Tell me about {topic}')
  await expect(page.getByText('Palette chatflow')).toBeVisible()
})
