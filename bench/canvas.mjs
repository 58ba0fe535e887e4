/* global window, requestAnimationFrame -- these run inside the page, through page.evaluate */
// Opening and dragging a big chatflow in headless Chromium: a flow of NODES nodes and EDGES edges
// built from the real catalogue with the canvas's own rules, saved through the API, then opened at
// /canvas/<id>. Beside it, the same measures on an empty flow in the same run.
import { chromium } from '@playwright/test'
import { ADMIN, startWeft } from './weft-server.mjs'
import { bigFlow } from './big-flow.mjs'

const NODES = Number(process.env.NODES ?? 500)
const EDGES = Number(process.env.EDGES ?? 600)
const PORT = 3420
const base = `http://127.0.0.1:${PORT}`


/** Frames per second and the longest frame while `action` runs. */
async function framesDuring(page, action) {
  await page.evaluate(() => {
    const w = window
    w.__frames = []
    const tick = (t) => {
      w.__frames.push(t)
      if (w.__counting) requestAnimationFrame(tick)
    }
    w.__counting = true
    requestAnimationFrame(tick)
  })
  await action()
  return page.evaluate(() => {
    const w = window
    w.__counting = false
    const f = w.__frames
    const gaps = f.slice(1).map((t, i) => t - f[i])
    const seconds = (f[f.length - 1] - f[0]) / 1000
    return { fps: (f.length - 1) / seconds, longestFrameMs: Math.max(...gaps) }
  })
}

async function measure(page, flowData, label) {
  const body = JSON.stringify({ name: label, type: 'CHATFLOW', flowData: JSON.stringify(flowData) })
  const saveStarted = Date.now()
  const saved = await page.request.post(`${base}/api/v1/chatflows`, {
    data: body,
    headers: { 'content-type': 'application/json' },
  })
  if (!saved.ok()) throw new Error(`save failed: ${saved.status()} ${await saved.text()}`)
  const saveMs = Date.now() - saveStarted
  const megabytes = Buffer.byteLength(body) / 1024 / 1024
  const { id } = await saved.json()
  const started = Date.now()
  await page.goto(`${base}/canvas/${id}`)
  await page.locator('[data-testid="canvas"]').waitFor()
  if (flowData.nodes.length > 0) await page.locator('.react-flow__node').first().waitFor()
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  const openMs = Date.now() - started
  const rendered = await page.locator('.react-flow__node').count()

  // Drag a node (or, on the empty flow, pan the pane) across the screen in 60 steps.
  const grip = flowData.nodes.length > 0 ? page.locator('.react-flow__node').first() : page.locator('.react-flow__pane')
  const box = await grip.boundingBox()
  const x = box.x + Math.min(40, box.width / 2)
  const y = box.y + Math.min(20, box.height / 2)
  const drag = await framesDuring(page, async () => {
    await page.mouse.move(x, y)
    await page.mouse.down()
    for (let i = 1; i <= 60; i++) await page.mouse.move(x + i * 6, y + i * 3)
    await page.mouse.up()
  })
  const pane = await page.locator('.react-flow__pane').boundingBox()
  const pan = await framesDuring(page, async () => {
    await page.mouse.move(pane.x + 20, pane.y + pane.height - 20)
    await page.mouse.down()
    for (let i = 1; i <= 60; i++) await page.mouse.move(pane.x + 20 + i * 8, pane.y + pane.height - 20 - i * 4)
    await page.mouse.up()
  })
  return { label, nodes: flowData.nodes.length, edges: flowData.edges.length, megabytes, saveMs, rendered, openMs, drag, pan }
}

const stop = await startWeft(PORT, 'canvas')
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
})
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  await page.goto(`${base}/login`)
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => url.pathname === '/chatflows')
  const rows = [
    await measure(page, { nodes: [], edges: [], viewport: { x: 0, y: 0, zoom: 1 } }, 'empty flow'),
    await measure(page, bigFlow(NODES, EDGES), `${NODES}-node flow`),
  ]
  console.log(`canvas open and drag, headless Chromium 1440×900, ${new Date().toISOString()}`)
  for (const r of rows) {
    console.log(
      `${r.label.padEnd(16)} ${String(r.nodes).padStart(4)} nodes ${String(r.edges).padStart(4)} edges  ` +
        `${r.megabytes.toFixed(1).padStart(5)} MB saved in ${String(r.saveMs).padStart(5)} ms  ` +
        `rendered ${String(r.rendered).padStart(4)}  open ${String(r.openMs).padStart(5)} ms  ` +
        `drag ${r.drag.fps.toFixed(0).padStart(3)} fps (longest frame ${r.drag.longestFrameMs.toFixed(0)} ms)  ` +
        `pan ${r.pan.fps.toFixed(0).padStart(3)} fps (longest frame ${r.pan.longestFrameMs.toFixed(0)} ms)`,
    )
  }
} finally {
  await browser.close()
  await stop()
}
