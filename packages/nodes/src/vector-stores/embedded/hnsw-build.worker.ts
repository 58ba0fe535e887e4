import { existsSync } from 'node:fs'
import { workerData, parentPort } from 'node:worker_threads'
import SQLite from 'better-sqlite3'
import type { HierarchicalNSW } from 'hnswlib-node'
import type { HnswBuildReply, HnswBuildRequest } from './hnsw-build.js'
import { createGraph, readGraph } from './hnsw-index.js'
import { vectorOfBlob } from './vectors-database.js'

// The entry of a worker thread that brings a collection's index file up to date on its own core:
// it reads the saved index (or starts an empty one), adds every record SQLite holds that the index
// lacks, and writes the result to `out`. The thread that started it reads that file back and
// marks deleted what was removed meanwhile (hnsw-build.ts, collection-state.ts).

const port = parentPort
if (!port) throw new Error('hnsw-build.worker.js runs as a worker thread of the embedded vector store')
const request = workerData as HnswBuildRequest

/** Reads records in batches of this many labels. */
const BATCH = 1000

function build({ database, collection, dimensions, settings, file, out }: HnswBuildRequest): HnswBuildReply {
  const db = new SQLite(database, { timeout: 5000 })
  try {
    const live = db.prepare('SELECT label FROM vectors WHERE collection = ?').pluck().all(collection) as number[]
    let graph: HierarchicalNSW | undefined = existsSync(file) ? readGraph(file, dimensions) : undefined
    const have = new Set(graph?.getIdsList() ?? [])
    const missing = live.filter((label) => !have.has(label)).sort((a, b) => a - b)
    graph ??= createGraph(dimensions, missing.length, settings)
    const needed = graph.getCurrentCount() + missing.length
    if (needed > graph.getMaxElements()) graph.resizeIndex(Math.ceil(needed * 1.25))
    const read = db.prepare(
      'SELECT label, vector FROM vectors WHERE collection = ? AND label IN (SELECT value FROM json_each(?))',
    )
    for (let at = 0; at < missing.length; at += BATCH) {
      const rows = read.all(collection, JSON.stringify(missing.slice(at, at + BATCH))) as {
        label: number
        vector: Buffer
      }[]
      for (const { label, vector } of rows) {
        graph.addPoint(Array.from(vectorOfBlob(vector)), label, true)
      }
    }
    graph.writeIndexSync(out)
    return { type: 'built', added: missing.length }
  } finally {
    db.close()
  }
}

try {
  port.postMessage(build(request))
} catch (error) {
  port.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) })
}
