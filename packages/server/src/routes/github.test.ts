import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testDialects } from '../test/dialects.js'
import { startTestApp, type TestApp } from '../test/harness.js'

const RELEASE = {
  name: 'v1.2.0',
  html_url: 'https://github.com/weft-dev/weft/releases/tag/v1.2.0',
  published_at: '2025-01-02T03:04:05Z',
}

/** A stand-in for api.github.com on loopback that counts what it is asked. */
async function fakeGitHub(status: number) {
  const asked: string[] = []
  const server: Server = createServer((req, res) => {
    asked.push(req.url ?? '')
    const body = req.url?.endsWith('/releases/latest')
      ? RELEASE
      : { full_name: 'weft-dev/weft', stargazers_count: 1234 }
    res
      .writeHead(status, { 'content-type': 'application/json' })
      .end(JSON.stringify(status === 200 ? body : { message: 'API rate limit exceeded' }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/repos/weft-dev/weft`
  return { url, asked, close: () => new Promise((resolve) => server.close(resolve)) }
}

describe.each(testDialects())('what the server tells about the GitHub project on $name', (dialect) => {
  let t: TestApp | undefined
  let github: Awaited<ReturnType<typeof fakeGitHub>> | undefined
  const start = async (status: number, stars: 'true' | 'false') => {
    github = await fakeGitHub(status)
    t = await startTestApp({ dialect, env: { WEFT_GITHUB_STARS: stars }, build: { githubApiUrl: github.url } })
    return t
  }
  const get = async (url: string) => (await t!.app.inject({ url })).json()
  beforeEach(() => {
    t = undefined
    github = undefined
  })
  afterEach(async () => {
    await t?.close()
    await github?.close()
  })

  it('asks GitHub once and answers every later caller from memory', async () => {
    await start(200, 'true')
    expect(await get('/api/v1/github-stars')).toEqual({ stars: 1234 })
    expect(await get('/api/v1/github-stars')).toEqual({ stars: 1234 })
    expect(await get('/api/v1/github-release')).toEqual({ release: RELEASE })
    expect(await get('/api/v1/github-release')).toEqual({ release: RELEASE })
    expect(github!.asked).toEqual(['/repos/weft-dev/weft', '/repos/weft-dev/weft/releases/latest'])
  })

  it('answers null when GitHub fails, and does not ask again at once', async () => {
    await start(403, 'true')
    expect(await get('/api/v1/github-stars')).toEqual({ stars: null })
    expect(await get('/api/v1/github-stars')).toEqual({ stars: null })
    expect(await get('/api/v1/github-release')).toEqual({ release: null })
    expect(github!.asked).toHaveLength(2)
  })

  it('never asks when switched off', async () => {
    await start(200, 'false')
    expect(await get('/api/v1/github-stars')).toEqual({ stars: null })
    expect(await get('/api/v1/github-release')).toEqual({ release: null })
    expect(github!.asked).toEqual([])
  })
})
