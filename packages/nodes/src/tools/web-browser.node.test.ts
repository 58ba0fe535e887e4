import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Tool } from '../providers/chat-model.js'
import { runNode, testRun } from '../runtime/test-run.js'
import { testFetch } from '../testing/test-fetch.js'
import { MAX_ANSWER_CHARS } from './send-request.js'
import webBrowser from './web-browser.node.js'

let server: Server
let base: string
const paths: string[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    paths.push(request.url!)
    if (request.url === '/about') {
      response.setHeader('content-type', 'text/html; charset=utf-8')
      return response.end(
        '<html><head><title>About Weft</title><script>var secret = 1</script></head>' +
          '<body><h1>Weft</h1><p>Builds   flows\nvisually.</p></body></html>',
      )
    }
    if (request.url === '/long') {
      response.setHeader('content-type', 'text/html')
      return response.end(`<p>${'word '.repeat(5000)}</p>`)
    }
    if (request.url === '/image') return response.writeHead(200, { 'content-type': 'image/png' }).end('png')
    response.writeHead(404, 'Not Found').end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const signal = new AbortController().signal
const browser = async (allowed: boolean) =>
  (await runNode(webBrowser, {}, allowed ? testRun({ fetch: testFetch(base) }) : testRun())) as Tool

describe('Web Browser tool', () => {
  it("answers the page's title and readable text, without its scripts", async () => {
    const tool = await browser(true)
    expect(tool.name).toBe('web-browser')
    await expect(tool.execute({ url: `${base}/about` }, signal)).resolves.toBe(
      'About Weft\n\nWeft\n\nBuilds flows visually.',
    )
    // Flowise's form: "url,what to look for".
    await expect(tool.execute({ input: `${base}/about,what is weft` }, signal)).resolves.toContain('Builds flows')
  })

  it('cuts a long page to a size a prompt holds', async () => {
    const text = await (await browser(true)).execute({ url: `${base}/long` }, signal)
    expect(text.endsWith(`…(cut at ${MAX_ANSWER_CHARS} characters)`)).toBe(true)
    expect(text.length).toBeLessThan(MAX_ANSWER_CHARS + 40)
  })

  it('answers what went wrong as text', async () => {
    const tool = await browser(true)
    await expect(tool.execute({ url: `${base}/gone` }, signal)).resolves.toBe(`${base}/gone answered 404 Not Found.`)
    await expect(tool.execute({ url: `${base}/image` }, signal)).resolves.toBe(
      `${base}/image is not a web page: it answered with image/png.`,
    )
    await expect(tool.execute({ url: 'file:///etc/passwd' }, signal)).resolves.toBe(
      'Only http and https pages can be read, not file:',
    )
  })

  it('never reads a private address the administrator did not allow', async () => {
    const before = paths.length
    const tool = await browser(false)
    for (const url of [`${base}/about`, 'http://169.254.169.254/latest/meta-data/', 'http://localhost/']) {
      await expect(tool.execute({ url }, signal)).resolves.toMatch(
        /^Weft could not reach .* WEFT_ALLOWED_PRIVATE_HOSTS\.$/,
      )
    }
    expect(paths.length).toBe(before)
  })
})
