/* global requestAnimationFrame -- these run inside the page, through page.evaluate */
// How fast the pages a new visitor meets first paint, in headless Chromium with a cold cache each
// time (a new browser context per load): the sign-in page, the flow list after signing in, a
// template preview from the Marketplace, and a public chatbot page. Two figures per page: first
// contentful paint (the browser's own measure) and "ready", from the navigation until the page's
// own content is on screen (its heading, the template's nodes, the chatbot's title).
import { chromium } from '@playwright/test'
import { ADMIN, startWeft } from './weft-server.mjs'

const LOADS = Number(process.env.LOADS ?? 5)
const PORT = 3421
const base = `http://127.0.0.1:${PORT}`


const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

async function signIn(page) {
  await page.goto(`${base}/login`)
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => url.pathname === '/chatflows')
}

/** Loads `path` LOADS times, each in a fresh context (cold cache; signed in when `session` is given). */
async function measure(browser, label, path, ready, session) {
  const fcp = []
  const shown = []
  for (let i = 0; i < LOADS; i++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, storageState: session })
    const page = await context.newPage()
    const started = Date.now()
    await page.goto(`${base}${path}`)
    await ready(page).waitFor()
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    shown.push(Date.now() - started)
    fcp.push(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN))
    await context.close()
  }
  return { label, fcp: median(fcp), ready: median(shown) }
}

const stop = await startWeft(PORT, 'paint')
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-dev-shm-usage',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
})
try {
  const setup = await browser.newContext()
  const page = await setup.newPage()
  await signIn(page)
  const session = await setup.storageState()
  const headers = { 'x-request-from': 'internal' }
  const templates = await (await page.request.get(`${base}/api/v1/marketplaces/templates`, { headers })).json()
  const template = templates.find((t) => t.type === 'Chatflow')
  const flow = await (
    await page.request.post(`${base}/api/v1/chatflows`, {
      headers,
      data: {
        name: 'Public bot',
        type: 'CHATFLOW',
        flowData: typeof template.flowData === 'string' ? template.flowData : JSON.stringify(template.flowData),
      },
    })
  ).json()
  const shared = await page.request.put(`${base}/api/v1/chatflows/${flow.id}`, {
    headers,
    data: { isPublic: true, chatbotConfig: JSON.stringify({ title: 'Help desk', welcomeMessage: 'Hello!' }) },
  })
  if (!shared.ok()) throw new Error(`could not make the flow public: ${shared.status()} ${await shared.text()}`)
  await setup.close()

  const rows = [
    await measure(browser, 'sign-in page', '/login', (p) => p.getByRole('button', { name: 'Sign in' })),
    await measure(
      browser,
      'flow list (signed in)',
      '/chatflows',
      (p) => p.getByRole('heading', { name: 'Chatflows' }),
      session,
    ),
    await measure(
      browser,
      'template preview',
      `/marketplace/${template.id}`,
      (p) => p.locator('.react-flow__node').first(),
      session,
    ),
    await measure(browser, 'public chatbot page', `/chatbot/${flow.id}`, (p) => p.getByText('Help desk')),
  ]
  console.log(`first paint, headless Chromium 1440×900, cold cache, median of ${LOADS}, ${new Date().toISOString()}`)
  for (const r of rows) {
    console.log(
      `${r.label.padEnd(24)} first contentful paint ${String(Math.round(r.fcp)).padStart(5)} ms   ready ${String(r.ready).padStart(5)} ms`,
    )
  }
} finally {
  await browser.close()
  await stop()
}
