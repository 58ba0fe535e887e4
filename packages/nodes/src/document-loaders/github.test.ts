import { overrideLockOf } from '@weft/core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildComponent, type NodeRunContext } from '../define-node.js'
import { runNode, testRun } from '../runtime/test-run.js'
import { startGithubStandIn, type GithubStandIn } from '../testing/github-stand-in.js'
import { startLoopbackApi, type LoopbackApi } from '../testing/loopback-api.js'
import { testFetch } from '../testing/test-fetch.js'
import recursiveCharacterTextSplitter from '../text-splitters/recursive-character-text-splitter.node.js'
import github from './github.node.js'

const TOKEN = 'ghp_standInToken123'

let api: GithubStandIn
/** Stands for the repository's web site (Github Base URL): it must never be called, least of all with the token. */
let site: LoopbackApi
beforeAll(async () => {
  api = await startGithubStandIn({
    'acme/handbook': {
      files: {
        'README.md': '# Handbook\n\nHow we work.',
        'docs/refunds.md': 'Refunds are paid within 30 days.',
        'docs/deep/shipping.txt': 'Shipping takes three days.',
        'logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]),
        'fixture.txt': Buffer.from([0x68, 0x69, 0, 0x00, 0x7f]),
        'empty.txt': '  \n',
      },
    },
    'acme/secret': { files: { 'plan.md': 'Launch on Friday.' }, branch: 'release', token: TOKEN },
    'acme/big': { files: Object.fromEntries(Array.from({ length: 501 }, (_, n) => [`notes/${n}.txt`, `Note ${n}`])) },
  })
  site = await startLoopbackApi((_request, res) => res.writeHead(200).end('site'))
})
afterAll(async () => {
  await api.close()
  await site.close()
})
beforeEach(() => {
  api.requests.length = 0
  site.requests.length = 0
})

type Documents = { pageContent: string; metadata: Record<string, unknown> }[]

const load = (
  inputs: Record<string, unknown>,
  options: { token?: string; output?: string; fetch?: typeof fetch } = {},
) => {
  const run = testRun({ fetch: options.fetch ?? testFetch(api.url, site.url) })
  const context: NodeRunContext = {
    nodeId: 'github_0',
    label: 'Github',
    inputs: { githubInstanceApi: api.url, ...inputs },
    isEnding: false,
    scope: run.scope,
    ...(options.token ? { credential: { accessToken: options.token } } : {}),
    ...(options.output ? { output: options.output } : {}),
  }
  return buildComponent(github, context) as Promise<Documents | string>
}

/** The message of the error a load fails with. */
const messageOf = (loading: Promise<unknown>) =>
  loading.then(
    () => expect.fail('the load should have failed'),
    (error: Error) => error.message,
  )
const sources = (documents: unknown) => (documents as Documents).map((document) => document.metadata.source)
const blobCalls = () => api.requests.filter((request) => request.url.includes('/git/blobs/')).length

describe('Github document loader (against a GitHub API stand-in on 127.0.0.1)', () => {
  it("keeps Flowise's node, input, credential and output names", () => {
    const { descriptor } = github
    expect([descriptor.name, descriptor.version, descriptor.category]).toEqual(['github', 1, 'Document Loaders'])
    expect(descriptor.credential?.credentialNames).toEqual(['githubApi'])
    expect(descriptor.inputs.map((input) => input.name).sort()).toEqual(
      [
        'repoLink',
        'branch',
        'recursive',
        'maxConcurrency',
        'githubBaseUrl',
        'githubInstanceApi',
        'ignorePath',
        'maxRetries',
        'textSplitter',
        'metadata',
      ].sort(),
    )
    expect(descriptor.outputs?.map((output) => output.name)).toEqual(['document', 'text'])
  })

  it('lists the branch recursively and reads each text file as a document; binary and empty files are skipped', async () => {
    const documents = await load({ repoLink: 'https://github.com/acme/handbook', recursive: true })
    expect(documents).toEqual([
      {
        pageContent: '# Handbook\n\nHow we work.',
        metadata: { source: 'README.md', repository: 'https://github.com/acme/handbook', branch: 'main' },
      },
      {
        pageContent: 'Shipping takes three days.',
        metadata: { source: 'docs/deep/shipping.txt', repository: 'https://github.com/acme/handbook', branch: 'main' },
      },
      {
        pageContent: 'Refunds are paid within 30 days.',
        metadata: { source: 'docs/refunds.md', repository: 'https://github.com/acme/handbook', branch: 'main' },
      },
    ])
    expect(api.requests[0]!.url).toBe('/repos/acme/handbook/git/trees/main?recursive=1')
    // logo.png is skipped by its name without a download; fixture.txt is read, found binary and skipped.
    expect(blobCalls()).toBe(5)
    expect(api.requests.every((request) => request.headers.authorization === undefined)).toBe(true)
  })

  it('reads only the top folder unless Recursive, and only the linked folder of a /tree/ link', async () => {
    expect(sources(await load({ repoLink: 'https://github.com/acme/handbook' }))).toEqual(['README.md'])
    expect(api.requests[0]!.url).toBe('/repos/acme/handbook/git/trees/main')
    expect(sources(await load({ repoLink: 'https://github.com/acme/handbook/tree/main/docs' }))).toEqual([
      'docs/refunds.md',
    ])
    const all = await load({ repoLink: 'https://github.com/acme/handbook/tree/main/docs', recursive: 'true' })
    expect(sources(all)).toEqual(['docs/deep/shipping.txt', 'docs/refunds.md'])
  })

  it('skips Ignore Paths, as .gitignore patterns', async () => {
    const documents = await load({
      repoLink: 'https://github.com/acme/handbook',
      recursive: true,
      ignorePath: '["*.md"]',
    })
    expect(sources(documents)).toEqual(['docs/deep/shipping.txt'])
    const noDocs = await load({ repoLink: 'https://github.com/acme/handbook', recursive: true, ignorePath: 'docs/' })
    expect(sources(noDocs)).toEqual(['README.md'])
  })

  it('splits with the connected Text Splitter, adds Additional Metadata, and joins the text for the Text output', async () => {
    const run = testRun()
    const textSplitter = await runNode(recursiveCharacterTextSplitter, { chunkSize: 20, chunkOverlap: 0 }, run)
    const inputs = {
      repoLink: 'https://github.com/acme/handbook/tree/main/docs',
      textSplitter,
      metadata: '{"team":"ops"}',
    }
    const chunks = (await load(inputs)) as Documents
    expect(chunks.length).toBeGreaterThan(1)
    expect(chunks.map((chunk) => chunk.pageContent).join(' ')).toBe('Refunds are paid within 30 days.')
    for (const chunk of chunks) {
      expect(chunk.pageContent.length).toBeLessThanOrEqual(20)
      expect(chunk.metadata).toMatchObject({ source: 'docs/refunds.md', branch: 'main', team: 'ops' })
    }
    expect(await load({ repoLink: 'https://github.com/acme/handbook', recursive: true }, { output: 'text' })).toBe(
      '# Handbook\n\nHow we work.\n\nShipping takes three days.\n\nRefunds are paid within 30 days.',
    )
  })

  it('sends the access token to the Github Instance API only, and reads a private repository with it', async () => {
    const inputs = { repoLink: `${site.url}/acme/secret`, githubBaseUrl: site.url, branch: 'release' }
    const documents = await load(inputs, { token: TOKEN })
    expect(documents).toEqual([
      {
        pageContent: 'Launch on Friday.',
        metadata: { source: 'plan.md', repository: `${site.url}/acme/secret`, branch: 'release' },
      },
    ])
    expect(api.requests.length).toBe(2)
    expect(api.requests.every((request) => request.headers.authorization === `Bearer ${TOKEN}`)).toBe(true)
    expect(site.requests).toEqual([])
  })

  it('names the repository when it is not found, and never shows the token', async () => {
    const missing = await messageOf(load({ repoLink: 'https://github.com/acme/nothing' }, { token: TOKEN }))
    expect(missing).toContain('Github: repository acme/nothing with branch "main" was not found')
    expect(missing).not.toContain(TOKEN)
    // A private repository without its token looks missing, as on GitHub.
    await expect(load({ repoLink: 'https://github.com/acme/secret', branch: 'release' })).rejects.toThrow(
      'a private repository also needs a Github API credential',
    )
    const wrong = await messageOf(
      load({ repoLink: 'https://github.com/acme/secret', branch: 'release' }, { token: 'ghp_wrongToken' }),
    )
    expect(wrong).toContain("401 Unauthorized for acme/secret: the Github API credential's access token was refused")
    expect(wrong).not.toContain('ghp_wrongToken')
    await expect(load({ repoLink: 'https://github.com/acme/handbook', branch: 'nope' })).rejects.toThrow(
      'acme/handbook with branch "nope" was not found',
    )
  })

  it('retries a failing call Max Retries times, then says what answered', async () => {
    api.failNext(2)
    expect(sources(await load({ repoLink: 'https://github.com/acme/handbook' }))).toEqual(['README.md'])
    api.failNext(1)
    await expect(load({ repoLink: 'https://github.com/acme/handbook', maxRetries: 0 })).rejects.toThrow(
      `Github: ${api.url}/repos/acme/handbook/git/trees/main answered 502 Bad Gateway.`,
    )
  })

  it('refuses a repository larger than it reads at once, before downloading any file', async () => {
    await expect(load({ repoLink: 'https://github.com/acme/big', recursive: true })).rejects.toThrow(
      'Github: acme/big has 501 text files, more than the 500 Weft reads at once; narrow it with Ignore Paths',
    )
    expect(blobCalls()).toBe(0)
    const narrowed = await load({ repoLink: 'https://github.com/acme/big', recursive: true, ignorePath: '["1*.txt"]' })
    expect((narrowed as Documents).length).toBe(501 - 111)
  })

  it('goes through the outbound guard: an instance API the administrator did not allow is refused', async () => {
    const refused = load({ repoLink: 'https://github.com/acme/secret' }, { token: TOKEN, fetch: testFetch() })
    await expect(refused).rejects.toThrow('the address is private, unreachable or refused the connection')
    expect(api.requests).toEqual([])
  })

  it('says what to fix in Repo Link and the other settings', async () => {
    await expect(load({ repoLink: '' })).rejects.toThrow('Github: fill in Repo Link')
    await expect(load({ repoLink: `${site.url}/acme/handbook` })).rejects.toThrow(
      'is not on https://github.com. For GitHub Enterprise, set Github Base URL',
    )
    await expect(load({ repoLink: 'https://github.com/acme' })).rejects.toThrow('Repo Link must name a repository')
    await expect(load({ repoLink: 'https://github.com/acme/handbook', maxConcurrency: 0 })).rejects.toThrow(
      'Github: Max Concurrency must be a whole number of 1 or more',
    )
    await expect(load({ repoLink: 'https://github.com/acme/handbook', ignorePath: '["*.md"' })).rejects.toThrow(
      'Github: Ignore Paths must be a list of patterns',
    )
    expect(api.requests).toEqual([])
  })

  it('locks, while a credential is used, every input that says where the token goes', () => {
    const param = (name: string) => github.descriptor.inputs.find((input) => input.name === name)!
    for (const name of ['repoLink', 'githubInstanceApi', 'githubBaseUrl']) {
      expect(overrideLockOf(param(name), true), name).toBe('credential')
    }
  })
})
