import { setTimeout as sleep } from 'node:timers/promises'
import { apiAddress, callApi, type ApiResponse } from '../net/call-api.js'
import type { OutboundFetch } from '../net/outbound-guard.js'
import { OutboundRequestRefused } from '../net/outbound-refused.error.js'

// The two calls of GitHub's REST API the Github loader makes: list a branch's files (git trees) and
// read one file (git blobs). Both go to the one instance API the node names, so the token goes nowhere else.

export interface GithubRepoClient {
  /** The instance API without a trailing slash: `https://api.github.com`. */
  api: string
  owner: string
  repo: string
  branch: string
  /** The Github API credential's access token; without it only public repositories can be read. */
  token?: string
  fetch: OutboundFetch
  signal: AbortSignal
  /** Further tries of a call that failed on the way or answered 429 or 5xx. */
  maxRetries: number
}

export interface RepoFile {
  path: string
  sha: string
  size: number
}

/** A listing above this is not a repository's tree Weft can load (GitHub cuts its own at about 7 MB). */
const MAX_LISTING_BYTES = 16 * 1024 * 1024
const RETRY_STATUSES = new Set([429, 500, 502, 503, 504])

/** The files of the branch: every file with `recursive`, else those of the top folder only. */
export async function listRepoFiles(client: GithubRepoClient, recursive: boolean): Promise<RepoFile[]> {
  const ref = client.branch.split('/').map(encodeURIComponent).join('/')
  const url = new URL(`${repoPath(client)}/git/trees/${ref}${recursive ? '?recursive=1' : ''}`)
  const listing = parseJson(await request(client, url, MAX_LISTING_BYTES), url)
  const { tree, truncated } = listing as { tree?: unknown; truncated?: unknown }
  if (!Array.isArray(tree)) throw new Error(`Github: ${apiAddress(url)} answered without a list of files.`)
  if (truncated === true) {
    throw new Error(
      `Github: ${client.owner}/${client.repo} has too many files for GitHub to list at once; link Repo Link to one folder (…/tree/<branch>/<folder>).`,
    )
  }
  return tree.flatMap((entry: Record<string, unknown>) =>
    entry.type === 'blob' && typeof entry.path === 'string' && typeof entry.sha === 'string'
      ? [{ path: entry.path, sha: entry.sha, size: typeof entry.size === 'number' ? entry.size : 0 }]
      : [],
  )
}

/** The bytes of one file, whose listed size is at most `maxBytes`. */
export async function readRepoFile(client: GithubRepoClient, file: RepoFile, maxBytes: number): Promise<Buffer> {
  if (!/^[0-9a-f]{40,64}$/i.test(file.sha)) throw new Error(`Github: ${file.path} has no usable id (sha).`)
  const url = new URL(`${repoPath(client)}/git/blobs/${file.sha}`)
  // Base64 takes 4 bytes for 3, plus the answer's other fields.
  const blob = parseJson(await request(client, url, Math.ceil(maxBytes * 1.4) + 4096), url) as Record<string, unknown>
  if (typeof blob.content !== 'string')
    throw new Error(`Github: ${apiAddress(url)} answered without the file's content.`)
  return Buffer.from(blob.content, blob.encoding === 'base64' ? 'base64' : 'utf8')
}

const repoPath = (client: GithubRepoClient) =>
  `${client.api}/repos/${encodeURIComponent(client.owner)}/${encodeURIComponent(client.repo)}`

function parseJson(response: ApiResponse, url: URL): unknown {
  try {
    const value: unknown = JSON.parse(response.text)
    if (typeof value === 'object' && value !== null) return value
  } catch {
    // Said below in the same words as an answer that is not an object.
  }
  throw new Error(`Github: ${apiAddress(url)} answered with something other than GitHub's JSON.`)
}

/** One GET with GitHub's headers, retried with growing pauses; a failed answer becomes an error saying what to fix. */
async function request(client: GithubRepoClient, url: URL, maxBytes: number): Promise<ApiResponse> {
  const headers: Record<string, string> = {
    Accept: 'application/vnd.github+json',
    'X-GitHub-Api-Version': '2022-11-28',
    'User-Agent': 'Weft',
    ...(client.token ? { Authorization: `Bearer ${client.token}` } : {}),
  }
  for (let attempt = 0; ; attempt += 1) {
    const last = attempt >= client.maxRetries
    let response: ApiResponse
    try {
      response = await callApi({ method: 'GET', url, headers, fetch: client.fetch, signal: client.signal, maxBytes })
    } catch (error) {
      if (last || client.signal.aborted || error instanceof OutboundRequestRefused || isTooBig(error)) throw error
      await sleep(250 * 2 ** attempt, undefined, { signal: client.signal })
      continue
    }
    if (response.ok) return response
    if (last || !RETRY_STATUSES.has(response.status)) throw new Error(failureMessage(client, response, url))
    await sleep(250 * 2 ** attempt, undefined, { signal: client.signal })
  }
}

const isTooBig = (error: unknown) => error instanceof Error && error.message.includes('answered with more than')

function failureMessage(client: GithubRepoClient, response: ApiResponse, url: URL): string {
  const name = `${client.owner}/${client.repo}`
  const answered = `${client.api} answered ${response.status} ${response.statusText}`.trim()
  if (response.status === 404) {
    return (
      `Github: repository ${name} with branch "${client.branch}" was not found (${answered}). Check Repo Link and ` +
      'Branch; a private repository also needs a Github API credential whose token can read it.'
    )
  }
  if (response.status === 401) {
    return `Github: ${answered} for ${name}: the Github API credential's access token was refused; save a valid token.`
  }
  if (response.status === 403 || response.status === 429) {
    return (
      `Github: ${answered} for ${name}: the token may not read this repository, or the rate limit is reached ` +
      '(far lower without a token); connect a Github API credential or try again later.'
    )
  }
  return `Github: ${apiAddress(url)} answered ${response.status} ${response.statusText}`.trim() + '.'
}
