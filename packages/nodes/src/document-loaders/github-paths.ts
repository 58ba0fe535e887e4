// The pure parts of the Github loader: which repository a link names, where its API is, which files
// are skipped by name (Ignore Paths, binary types). No I/O here.

export interface RepoAddress {
  owner: string
  repo: string
  /** The folder a `/tree/<branch>/<folder>` link points at, without slashes at either end; '' for the root. */
  folder: string
  /** `https://github.com/owner/repo`, as documents name their repository. */
  repository: string
}

const PUBLIC_BASE = 'https://github.com'
const PUBLIC_API = 'https://api.github.com'

/** A web address given in `label`, without a trailing slash; undefined when left empty. */
function readAddress(text: string, label: string): URL | undefined {
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  const url = URL.parse(trimmed)
  if (
    !url ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.search ||
    url.hash ||
    url.username ||
    url.password
  ) {
    throw new Error(`Github: ${label} must be a web address starting with https://, not "${trimmed}".`)
  }
  url.pathname = url.pathname.replace(/\/+$/, '')
  return url
}

const withoutSlash = (url: URL) => url.href.replace(/\/+$/, '')

/**
 * Where the repository's site and its REST API are: github.com and api.github.com unless Github Base
 * URL or Github Instance API say otherwise. A GitHub Enterprise Server given only by its base URL
 * serves its API at `<base>/api/v3`, so the token is never sent to api.github.com for it.
 */
export function githubEndpoints(baseText: string, apiText: string): { base: string; api: string } {
  const base = readAddress(baseText, 'Github Base URL')
  const api = readAddress(apiText, 'Github Instance API')
  return {
    base: base ? withoutSlash(base) : PUBLIC_BASE,
    api: api ? withoutSlash(api) : base ? `${withoutSlash(base)}/api/v3` : PUBLIC_API,
  }
}

/** The owner, repository and folder of a Repo Link such as `https://github.com/owner/repo/tree/main/docs`. */
export function parseRepoLink(text: string, base: string): RepoAddress {
  const link = text.trim()
  if (link === '') throw new Error(`Github: fill in Repo Link, e.g. ${base}/owner/repository.`)
  const url = URL.parse(link)
  const baseUrl = new URL(base)
  const prefix = baseUrl.pathname.replace(/\/$/, '')
  if (!url || url.origin !== baseUrl.origin || !url.pathname.startsWith(`${prefix}/`)) {
    throw new Error(
      `Github: Repo Link "${link}" is not on ${base}. For GitHub Enterprise, set Github Base URL to its address.`,
    )
  }
  const [owner, rawRepo, kind, , ...folder] = url.pathname.slice(prefix.length).split('/').filter(Boolean)
  const repo = rawRepo?.replace(/\.git$/, '')
  if (!owner || !repo || !isName(owner) || !isName(repo) || (kind !== undefined && kind !== 'tree')) {
    throw new Error(`Github: Repo Link must name a repository, like ${base}/owner/repository, not "${link}".`)
  }
  return { owner, repo, folder: decodePath(folder.join('/')), repository: `${base}/${owner}/${repo}` }
}

/** Owner and repository names are letters, digits, `-`, `_` and `.`; never a path of their own. */
const isName = (part: string) => /^[\w.-]+$/.test(part) && part !== '.' && part !== '..'

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}

/** Ignore Paths as Flowise keeps them (a JSON list such as ["*.md"]), or one pattern a line or comma. */
export function readIgnorePaths(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.filter((item): item is string => typeof item === 'string' && item.trim() !== '')
  const text = typeof raw === 'string' ? raw.trim() : ''
  if (text === '') return []
  if (text.startsWith('[')) {
    let list: unknown
    try {
      list = JSON.parse(text)
    } catch {
      throw new Error('Github: Ignore Paths must be a list of patterns such as ["*.md", "docs/"].')
    }
    return readIgnorePaths(list)
  }
  return text
    .split(/[\n,]/)
    .map((pattern) => pattern.trim())
    .filter(Boolean)
}

function patternExpression(glob: string): string {
  let expression = ''
  for (let index = 0; index < glob.length; index += 1) {
    const char = glob[index]!
    if (char === '*' && glob[index + 1] === '*') {
      expression += '.*'
      index += 1
    } else if (char === '*') expression += '[^/]*'
    else if (char === '?') expression += '[^/]'
    else expression += char.replace(/[.+^${}()|[\]\\]/g, '\\$&')
  }
  return expression
}

/**
 * Whether a repository path matches one of the patterns, as .gitignore reads them: a pattern without
 * a slash matches a file or folder name at any depth (`*.md`, `node_modules`), one with a slash is
 * matched from the root (`docs/*.txt`, `/build`), `**` crosses folders, and a folder covers its files.
 */
export function isIgnoredPath(path: string, patterns: readonly string[]): boolean {
  return patterns.some((raw) => {
    const pattern = raw.trim().replace(/\/+$/, '')
    if (pattern === '') return false
    const anchored = pattern.includes('/')
    const body = patternExpression(pattern.replace(/^\//, ''))
    const expression = anchored ? `^${body}(/.*)?$` : `(^|/)${body}(/.*)?$`
    return new RegExp(expression).test(path)
  })
}

/** File types that hold no text, skipped without being downloaded. */
const BINARY_EXTENSIONS = new Set(
  (
    'png jpg jpeg gif bmp ico icns webp tif tiff psd ai eps heic avif ' +
    'mp3 mp4 m4a wav ogg flac aac mov avi mkv webm wmv ' +
    'zip gz tgz bz2 xz 7z rar tar jar war ear apk ipa dmg iso deb rpm whl egg ' +
    'exe dll so dylib a o obj lib bin class pyc pyo wasm node ' +
    'woff woff2 ttf otf eot pdf doc docx xls xlsx ppt pptx odt ods odp ' +
    'sqlite db mdb pkl npy npz onnx pt pth h5 parquet avro gguf safetensors lockb'
  ).split(' '),
)

/** Whether a file's name says it holds no text (images, archives, fonts, compiled code, office files). */
export function isBinaryName(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1)
  const dot = name.lastIndexOf('.')
  return dot > 0 && BINARY_EXTENSIONS.has(name.slice(dot + 1).toLowerCase())
}

/** Whether downloaded bytes are binary after all: text files hold no NUL byte in their first 8 KB. */
export const hasNulByte = (bytes: Uint8Array): boolean => bytes.subarray(0, 8192).includes(0)
