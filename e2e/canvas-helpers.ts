import { expect, type Locator, type Page } from '@playwright/test'

export const canvas = (page: Page) => page.getByTestId('canvas')
export const nodeOnCanvas = (page: Page, id: string) => page.locator(`.react-flow__node[data-id="${id}"]`)
export const edges = (page: Page) => page.locator('.react-flow__edge')

/** Opens the add-nodes panel, finds a node by its label and drops it on the canvas at (x, y). */
export async function dropNode(page: Page, label: string, x: number, y: number) {
  await page.getByRole('button', { name: 'Add nodes' }).first().click()
  await page.getByLabel('Search nodes').fill(label)
  const item = page.getByRole('button', { name: new RegExp(`^${label}`) }).first()
  await item.dragTo(canvas(page), { targetPosition: { x, y } })
  await page.keyboard.press('Escape')
}

/** Drags with the mouse from one handle to another, as a person connects two nodes. */
export async function connect(page: Page, from: Locator, to: Locator) {
  const a = await from.boundingBox()
  const b = await to.boundingBox()
  if (!a || !b) throw new Error('handle not visible')
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2)
  await page.mouse.down()
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 })
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 })
  await page.mouse.up()
}

export const sourceHandle = (page: Page, nodeId: string, index = 0) =>
  nodeOnCanvas(page, nodeId).locator('.react-flow__handle.source').nth(index)

export const inputHandle = (page: Page, nodeId: string, input: string) =>
  nodeOnCanvas(page, nodeId).locator(`.react-flow__handle[data-handleid^="${nodeId}-input-${input}-"]`)

export const targetHandle = (page: Page, nodeId: string) => nodeOnCanvas(page, nodeId).locator('.react-flow__handle.target')

/** Saves a new flow under `name` and waits for the canvas to take its id into the address. */
export async function saveNewFlow(page: Page, name: string, path: string) {
  await page.getByRole('button', { name: 'Save flow' }).click()
  await page.getByRole('dialog').getByLabel('Name').fill(name)
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(new RegExp(`${path}/[0-9a-f-]{36}$`))
}
