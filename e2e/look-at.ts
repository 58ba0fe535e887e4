import type { Page } from '@playwright/test'

// Screenshots for a person to look at: every stop in light and dark, on a laptop and on a phone.

export const SIZES = { wide: { width: 1440, height: 900 }, narrow: { width: 390, height: 844 } }

/** Sets the stored appearance and reloads, as the app reads it when it starts. */
export async function setDark(page: Page, dark: boolean) {
  await page.evaluate((on) => {
    const stored = JSON.parse(localStorage.getItem('weft.customization') ?? '{"state":{},"version":0}')
    stored.state.isDarkMode = on
    localStorage.setItem('weft.customization', JSON.stringify(stored))
  }, dark)
  await page.reload()
}

/**
 * Screenshots of the page in both appearances and both sizes, written to test-results/<folder>/<name>-<look>-<size>.png.
 * `prepare` runs after each reload to bring back what the screenshot is of (an open panel, a run).
 * Leaves the page light and wide.
 */
export async function lookAt(page: Page, folder: string, name: string, prepare: () => Promise<void>) {
  for (const dark of [false, true]) {
    for (const [size, viewport] of Object.entries(SIZES)) {
      await page.setViewportSize(viewport)
      await setDark(page, dark)
      await prepare()
      await page.screenshot({ path: `test-results/${folder}/${name}-${dark ? 'dark' : 'light'}-${size}.png` })
    }
  }
  await page.setViewportSize(SIZES.wide)
  await setDark(page, false)
}
