import { expect, test, type Page } from '@playwright/test'
import { expectPath, signIn } from './helpers.js'

const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor)

/** Relative luminance of an rgb() colour, 0 (black) to 1 (white). */
const luminance = (rgb: string) => {
  const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number)
  return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255
}

test('dark mode is remembered after a reload', async ({ page }) => {
  await signIn(page, 'openSource')
  await expectPath(page, '/chatflows')
  expect(luminance(await background(page))).toBeGreaterThan(0.8)
  await page.getByRole('button', { name: 'Toggle dark mode' }).click()
  await expect.poll(async () => luminance(await background(page))).toBeLessThan(0.2)
  await page.reload()
  await expect.poll(async () => luminance(await background(page))).toBeLessThan(0.2)
  await page.getByRole('button', { name: 'Toggle dark mode' }).click()
  await expect.poll(async () => luminance(await background(page))).toBeGreaterThan(0.8)
})
