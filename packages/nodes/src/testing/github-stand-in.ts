import { createHash } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { startLoopbackApi, type LoopbackApi } from './loopback-api.js'

// A stand-in of the two GitHub REST API calls the Github loader makes (git trees and git blobs),
// on 127.0.0.1, answering as api.github.com does: a private repository is a 404 without its token,
// a wrong token is a 401 "Bad credentials".

export interface StandInRepo {
  /** Files of the one branch by path; a Buffer for binary content. */
  files: Record<string, string | Buffer>
  branch?: string
  /** Readable only with `Authorization: Bearer <token>`. */
  token?: string
}

export interface GithubStandIn extends LoopbackApi {
  /** The next this many calls answer 502 Bad Gateway, as a flaky proxy would. */
  failNext: (count: number) => void
}

const blobSha = (content: Buffer) =>
  createHash('sha1')
    .update(Buffer.concat([Buffer.from(`blob ${content.length}\0`), content]))
    .digest('hex')

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body))

/** The repositories are named `owner/repo`. */
export async function startGithubStandIn(repos: Record<string, StandInRepo>): Promise<GithubStandIn> {
  const blobs = new Map<string, { repo: string; content: Buffer }>()
  for (const [name, repo] of Object.entries(repos)) {
    for (const content of Object.values(repo.files)) {
      const bytes = Buffer.from(content)
      blobs.set(`${name}:${blobSha(bytes)}`, { repo: name, content: bytes })
    }
  }
  let failing = 0
  const api = await startLoopbackApi((request, res) => {
    if (failing > 0) {
      failing -= 1
      return res.writeHead(502, 'Bad Gateway').end()
    }
    const url = new URL(request.url, 'http://stand-in')
    const match = /^\/repos\/([^/]+)\/([^/]+)\/git\/(trees|blobs)\/(.+)$/.exec(url.pathname)
    const name = match ? `${match[1]}/${match[2]}` : ''
    const repo = repos[name]
    const authorization = request.headers.authorization
    if (repo && authorization !== undefined && authorization !== `Bearer ${repo.token}`) {
      return json(res, 401, { message: 'Bad credentials' })
    }
    if (!match || !repo || (repo.token && authorization !== `Bearer ${repo.token}`)) {
      return json(res, 404, { message: 'Not Found' })
    }
    const [, , , kind, ref] = match
    if (kind === 'blobs') {
      const blob = blobs.get(`${name}:${ref}`)
      if (!blob) return json(res, 404, { message: 'Not Found' })
      return json(res, 200, {
        sha: ref,
        size: blob.content.length,
        encoding: 'base64',
        content: blob.content.toString('base64'),
      })
    }
    if (decodeURIComponent(ref!) !== (repo.branch ?? 'main')) return json(res, 404, { message: 'Not Found' })
    return json(res, 200, {
      sha: 'root',
      tree: treeOf(repo.files, url.searchParams.get('recursive') === '1'),
      truncated: false,
    })
  })
  return { ...api, failNext: (count) => void (failing = count) }
}

/** GitHub's tree entries: files as blobs and their folders as trees, everything or the top level only. */
function treeOf(files: Record<string, string | Buffer>, recursive: boolean) {
  const entries: { path: string; type: string; sha: string; size?: number }[] = []
  const folders = new Set<string>()
  for (const [path, content] of Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const parts = path.split('/')
    for (let depth = 1; depth < parts.length; depth += 1) folders.add(parts.slice(0, depth).join('/'))
    const bytes = Buffer.from(content)
    entries.push({ path, type: 'blob', sha: blobSha(bytes), size: bytes.length })
  }
  for (const folder of folders) entries.push({ path: folder, type: 'tree', sha: blobSha(Buffer.from(folder)) })
  return recursive ? entries : entries.filter((entry) => !entry.path.includes('/'))
}
