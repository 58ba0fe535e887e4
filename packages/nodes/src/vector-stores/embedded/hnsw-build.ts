import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { HnswSettings } from './hnsw-index.js'

// Building an index takes about half a millisecond of CPU per vector of 256 numbers (100,000 take
// a minute): too much for the server's own thread even a slice at a time, so large builds run on a
// worker thread (hnsw-build.worker.ts) while the collection answers by exact search.

export interface HnswBuildRequest {
  /** The SQLite file. */
  database: string
  collection: string
  dimensions: number
  settings: HnswSettings
  /** The saved index to start from, when there is one. */
  file: string
  /** Where the worker writes the index it built. */
  out: string
}

export type HnswBuildReply = { type: 'built'; added: number } | { type: 'failed'; message: string }

/**
 * Node runs the worker from JavaScript. Built, it sits beside this file; under Vitest this file is
 * the TypeScript source, and the worker comes from the build (`npm test` builds first). Undefined
 * when neither is there: the collection then builds on its own thread.
 */
export function hnswWorkerUrl(): URL | undefined {
  const beside = new URL('./hnsw-build.worker.js', import.meta.url)
  if (existsSync(fileURLToPath(beside))) return beside
  const built = new URL('../../../dist/vector-stores/embedded/hnsw-build.worker.js', import.meta.url)
  return existsSync(fileURLToPath(built)) ? built : undefined
}

export interface HnswBuild {
  /** Resolves when the index file `out` is written; rejects when the build failed or was stopped. */
  done: Promise<void>
  /** Stops the worker and removes what it wrote. */
  stop: () => Promise<void>
}

export function buildInWorker(url: URL, request: HnswBuildRequest): HnswBuild {
  // execArgv: the worker needs none of the process's flags (`--input-type` would even stop it).
  const worker = new Worker(url, { workerData: request, execArgv: [] })
  let stopped = false
  const done = new Promise<void>((resolve, reject) => {
    worker.once('message', (reply: HnswBuildReply) => {
      if (reply.type === 'built') resolve()
      else reject(new Error(`Building the index failed: ${reply.message}`))
    })
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(stopped ? 'stopped' : `The index builder exited with ${code}.`)))
  })
  done.catch(() => {})
  return {
    done,
    stop: async () => {
      stopped = true
      await worker.terminate()
      await rm(request.out, { force: true })
    },
  }
}
