import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { expectPath, signIn } from './helpers.js'
import { ADMIN, urlOf } from './servers.js'

const origin = new URL(urlOf('openSource')).origin

/** Content-Security-Policy refusals the page reports; a policy that breaks the app shows up here. */
function cspViolations(page: Page): string[] {
  const found: string[] = []
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) found.push(message.text())
  })
  return found
}

test('the app loads /chatflows from its own origin only, with every script compressed', async ({ page }) => {
  const requested: string[] = []
  const scripts: { url: string; encoding: string | undefined }[] = []
  page.on('request', (request) => requested.push(request.url()))
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname.endsWith('.js')) {
      scripts.push({ url: response.url(), encoding: (await response.allHeaders())['content-encoding'] })
    }
  })
  const violations = cspViolations(page)

  await signIn(page, 'openSource')
  await expectPath(page, '/chatflows')
  await expect(page.getByRole('heading', { level: 1, name: 'Chatflows' })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Chatflows' })).toBeVisible()
  await page.waitForLoadState('networkidle')

  // data: URLs (inline images) never leave the browser.
  const elsewhere = requested.filter((url) => !url.startsWith('data:') && new URL(url).origin !== origin)
  expect(elsewhere).toEqual([])
  expect(scripts.length).toBeGreaterThan(0)
  expect(scripts.filter(({ encoding }) => encoding !== 'br' && encoding !== 'gzip')).toEqual([])
  expect(violations).toEqual([])
})

test('the API pages work under the security policy', async ({ page }) => {
  const violations = cspViolations(page)
  await page.goto(urlOf('openSource', '/api-docs'))
  await expect(page.getByRole('heading', { name: /Weft API/ })).toBeVisible()
  expect(violations).toEqual([])
})

// Another website shows a flow's chatbot page in a frame; the flow's allowed origins decide whether it may.
test.describe('the chatbot page in another site’s frame', () => {
  let site: Server
  let siteUrl: string
  let html = ''

  test.beforeAll(async () => {
    site = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(html))
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
  })
  test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())))

  async function publicFlow(request: APIRequestContext, allowedOrigins: string[]): Promise<string> {
    const api = (path: string) => urlOf('openSource', `/api/v1${path}`)
    expect((await request.post(api('/auth/login'), { data: ADMIN })).ok()).toBe(true)
    const template = await (await request.get(api('/marketplaces/templates/document-qa'))).json()
    const flow = await (
      await request.post(api('/chatflows'), { data: { name: 'Framed', type: 'CHATFLOW', flowData: template.flowData } })
    ).json()
    const chatbotConfig = JSON.stringify({
      title: 'Acme Support',
      welcomeMessage: 'Ask me about refunds.',
      allowedOrigins,
    })
    await request.put(api(`/chatflows/${flow.id}`), { data: { isPublic: true, chatbotConfig } })
    return flow.id as string
  }

  const frame = (id: string) =>
    `<!doctype html><title>Acme shop</title><iframe title="Chat" src="${urlOf('openSource', `/chatbot/${id}`)}"></iframe>`

  test('shows it on a site the flow allows', async ({ page, request }) => {
    html = frame(await publicFlow(request, [siteUrl]))
    const violations = cspViolations(page)
    await page.goto(siteUrl)
    await expect(page.frameLocator('iframe').getByText('Ask me about refunds.')).toBeVisible()
    expect(violations).toEqual([])
  })

  test('refuses it on a site the flow does not list', async ({ page, request }) => {
    html = frame(await publicFlow(request, ['https://elsewhere.example']))
    const refused = cspViolations(page)
    await page.goto(siteUrl)
    await expect.poll(() => refused.some((text) => text.includes('frame-ancestors'))).toBe(true)
    await expect(page.frameLocator('iframe').getByText('Ask me about refunds.')).toHaveCount(0)
  })
})
