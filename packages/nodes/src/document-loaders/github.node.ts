import type { SourceDocument } from '@weft/core'
import { defineNode } from '../define-node.js'
import { loaderOutput } from '../documents/loader-output.js'
import { readBoolean } from '../providers/node-inputs.js'
import { readNumber, readText } from '../runtime/read-input.js'
import { listRepoFiles, readRepoFile, type GithubRepoClient, type RepoFile } from './github-api.js'
import {
  githubEndpoints,
  hasNulByte,
  isBinaryName,
  isIgnoredPath,
  parseRepoLink,
  readIgnorePaths,
} from './github-paths.js'
import { DOCUMENT_CLASSES, LOADER_OUTPUTS, metadataParam, textSplitterAnchor } from './loader-params.js'

/** Larger files are skipped: generated or vendored files, not text worth a document. */
export const MAX_GITHUB_FILE_BYTES = 1024 * 1024
/** The most files and bytes one run reads; a larger repository is refused with a way to narrow it. */
export const MAX_GITHUB_FILES = 500
export const MAX_GITHUB_TOTAL_BYTES = 20 * 1024 * 1024
const MAX_CONCURRENCY = 10
const MAX_RETRIES = 5

export default defineNode({
  descriptor: {
    label: 'Github',
    name: 'github',
    version: 1,
    type: 'Document',
    category: 'Document Loaders',
    description:
      'Read the text files of a GitHub repository branch, or of one folder of it, one document per file. ' +
      'Skipped: binary files (images, archives, fonts, office files… by extension, or a NUL byte in the first 8 KB), ' +
      `empty files and files over 1 MB; at most ${MAX_GITHUB_FILES} files and 20 MB are read.`,
    icon: 'github.svg',
    color: '#3B4A6B',
    baseClasses: DOCUMENT_CLASSES,
    // Only needed for a private repository, or to raise the rate limit.
    credential: { label: 'Connect Credential', credentialNames: ['githubApi'], optional: true },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      {
        label: 'Repo Link',
        name: 'repoLink',
        type: 'string',
        description: 'The repository, or one folder of it: https://github.com/owner/repo/tree/main/docs.',
        placeholder: 'https://github.com/FlowiseAI/Flowise',
      },
      { label: 'Branch', name: 'branch', type: 'string', default: 'main' },
      {
        label: 'Recursive',
        name: 'recursive',
        type: 'boolean',
        description: 'Also read the files of sub-folders; otherwise only the top folder.',
        optional: true,
      },
      {
        label: 'Max Concurrency',
        name: 'maxConcurrency',
        type: 'number',
        description: `Files downloaded at once; 2 when empty, at most ${MAX_CONCURRENCY}.`,
        step: 1,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Github Base URL',
        name: 'githubBaseUrl',
        type: 'string',
        description: 'The site of a GitHub Enterprise Server; Repo Link must be on it.',
        placeholder: 'https://git.example.com',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Github Instance API',
        name: 'githubInstanceApi',
        type: 'string',
        description:
          'Where the API requests and the token go: https://api.github.com, or <Github Base URL>/api/v3 when only that is set.',
        placeholder: 'https://api.github.com',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Ignore Paths',
        name: 'ignorePath',
        type: 'string',
        description: 'Files and folders to skip, as in .gitignore: a list such as ["*.md", "docs/", "/build"].',
        placeholder: '["*.md"]',
        rows: 4,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Max Retries',
        name: 'maxRetries',
        type: 'number',
        description: `Further tries of a call that failed or answered 429/5xx, with growing pauses; 2 when empty, at most ${MAX_RETRIES}.`,
        step: 1,
        optional: true,
        additionalParams: true,
      },
      textSplitterAnchor,
      metadataParam,
    ],
    outputs: LOADER_OUTPUTS,
  },
  run: async (context) => {
    const { inputs, scope, credential } = context
    const { base, api } = githubEndpoints(readText(inputs.githubBaseUrl), readText(inputs.githubInstanceApi))
    const address = parseRepoLink(readText(inputs.repoLink), base)
    const branch = readText(inputs.branch).trim() || 'main'
    const recursive = readBoolean(inputs.recursive, false)
    const ignored = readIgnorePaths(inputs.ignorePath)
    const concurrency = readLimit(inputs.maxConcurrency, 'Max Concurrency', 2, 1, MAX_CONCURRENCY)
    const maxRetries = readLimit(inputs.maxRetries, 'Max Retries', 2, 0, MAX_RETRIES)
    const token = credential?.accessToken?.trim()
    const client: GithubRepoClient = {
      api,
      owner: address.owner,
      repo: address.repo,
      branch,
      fetch: scope.fetch,
      signal: scope.signal,
      maxRetries,
      ...(token ? { token } : {}),
    }
    const name = `${address.owner}/${address.repo}`
    const listed = await listRepoFiles(client, recursive || address.folder !== '')
    const files = listed.filter((file) => isWanted(file, address.folder, recursive, ignored))
    checkBounds(files, name)
    const contents = await mapWithLimit(files, concurrency, (file) => readRepoFile(client, file, MAX_GITHUB_FILE_BYTES))
    const documents = files.flatMap((file, index): SourceDocument[] => {
      const bytes = contents[index]!
      if (hasNulByte(bytes)) return []
      const pageContent = bytes.toString('utf8')
      if (pageContent.trim() === '') return []
      return [{ pageContent, metadata: { source: file.path, repository: address.repository, branch } }]
    })
    if (documents.length === 0) {
      const where = address.folder ? `the folder ${address.folder} of ${name}` : name
      throw new Error(
        `Github: ${where} has no text files to read on branch "${branch}" (binary and ignored files are skipped).`,
      )
    }
    return loaderOutput(documents, context)
  },
})

/** Whether a listed file is read: inside the linked folder (its top only unless recursive), not ignored, not binary, not too big. */
function isWanted(file: RepoFile, folder: string, recursive: boolean, ignored: string[]): boolean {
  if (folder !== '' && !file.path.startsWith(`${folder}/`)) return false
  const inFolder = folder === '' ? file.path : file.path.slice(folder.length + 1)
  if (!recursive && inFolder.includes('/')) return false
  return !isIgnoredPath(file.path, ignored) && !isBinaryName(file.path) && file.size <= MAX_GITHUB_FILE_BYTES
}

function checkBounds(files: RepoFile[], name: string): void {
  const narrow = 'narrow it with Ignore Paths or a Repo Link to one folder (…/tree/<branch>/<folder>).'
  if (files.length > MAX_GITHUB_FILES) {
    throw new Error(
      `Github: ${name} has ${files.length} text files, more than the ${MAX_GITHUB_FILES} Weft reads at once; ${narrow}`,
    )
  }
  const total = files.reduce((sum, file) => sum + file.size, 0)
  if (total > MAX_GITHUB_TOTAL_BYTES) {
    const megabytes = (total / 1024 / 1024).toFixed(1)
    throw new Error(
      `Github: the text files of ${name} hold ${megabytes} MB, more than the 20 MB Weft reads at once; ${narrow}`,
    )
  }
}

function readLimit(raw: unknown, label: string, fallback: number, min: number, max: number): number {
  const value = readNumber(raw)
  if (value === undefined) return fallback
  if (!Number.isInteger(value) || value < min)
    throw new Error(`Github: ${label} must be a whole number of ${min} or more, not ${value}.`)
  return Math.min(value, max)
}

/** `task` for every item, at most `limit` at once, results in the items' order; the first failure stops the rest. */
async function mapWithLimit<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = []
  let next = 0
  let failed = false
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++
      try {
        results[index] = await task(items[index]!)
      } catch (error) {
        failed = true
        throw error
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}
