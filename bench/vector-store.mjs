// The Embedded Vector Store (packages/nodes/src/vector-stores/embedded/) on a fresh folder, for
// 10,000 and 100,000 chunks of generated text (the same chunks and questions as bench/pgvector.mjs,
// from bench/vector-bench-data.mjs) embedded by the built-in hashing embedder (256 numbers):
// 1. ingestion: chunks/s of embedding BATCH chunks and upserting them (one transaction each), until
//    the last upsert returns; then the time until the HNSW index has taken every chunk in (it is
//    built a slice at a time between other work, so searches go on meanwhile);
// 2. queries: median and 95th percentile of QUERIES searches (Top K = 4, query vectors made
//    beforehand, documents read back from SQLite included) while the index is still being built
//    (exact search), and once it is built; beside them, in the same run, a brute-force scan over the
//    same vectors in memory (a Float32Array, cosine), and the index's recall against it; then the
//    same with a metadata filter keeping one source in ten;
// 3. closing (saving the index file) and opening again (reading it back).
// Run `npx tsc -b packages/server` first: it reads packages/nodes/dist.
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { hashingEmbedder } from '../packages/nodes/dist/providers/hashing-embedder.js'
import {
  closeEmbeddedCollections,
  openEmbeddedCollection,
} from '../packages/nodes/dist/vector-stores/embedded/embedded-collection.js'
import { DEFAULT_HNSW } from '../packages/nodes/dist/vector-stores/embedded/collection-state.js'
import {
  BATCH,
  DIMENSIONS,
  K,
  SIZES,
  chunk,
  line,
  ms,
  ownChunkFound,
  percent,
  questions,
  recall,
  timeSearches,
} from './vector-bench-data.mjs'

const rssMb = () => process.memoryUsage().rss / 1024 / 1024

function unit(vector) {
  let squares = 0
  for (const value of vector) squares += value * value
  const length = Math.sqrt(squares) || 1
  return Float32Array.from(vector, (value) => value / length)
}

/** Every vector (length 1) in one Float32Array, compared with the query one by one: the brute-force answer. */
function bruteForce(flat, sources) {
  const count = sources.length
  return (query, source) => {
    const q = unit(query)
    const best = []
    for (let i = 0, offset = 0; i < count; i++, offset += DIMENSIONS) {
      if (source && sources[i] !== source) continue
      let dot = 0
      for (let d = 0; d < DIMENSIONS; d++) dot += q[d] * flat[offset + d]
      if (best.length < K || dot > best[best.length - 1].score) {
        best.push({ i, score: dot })
        best.sort((a, b) => b.score - a.score)
        if (best.length > K) best.pop()
      }
    }
    return best.map(({ i }) => i)
  }
}

function timeScan(scan, vectors, source) {
  const marks = []
  const found = []
  for (const vector of vectors) {
    const start = performance.now()
    found.push(scan(vector, source))
    marks.push(performance.now() - start)
  }
  return { marks, found }
}

const [load1] = loadavg()
console.log(
  `embedded vector store benchmark, ${new Date().toISOString()}, ${cpus().length} × ${cpus()[0]?.model.trim()}, ` +
    `${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${load1.toFixed(1)} (1 min)`,
)
console.log(
  `${DIMENSIONS} dimensions, Top K ${K}, HNSW M ${DEFAULT_HNSW.m}, efConstruction ${DEFAULT_HNSW.efConstruction}, ` +
    `efSearch ${DEFAULT_HNSW.efSearch}, index from 10,000 chunks of 256 numbers`,
)

const embedder = hashingEmbedder(DIMENSIONS)
for (const size of SIZES) {
  const folder = mkdtempSync(join(tmpdir(), 'weft-bench-vectors-'))
  try {
    const chunks = Array.from({ length: size }, (_, i) => chunk(i))
    const queryVectors = await embedder.embed(questions(size))
    const rssBefore = rssMb()

    const collection = await openEmbeddedCollection(folder, 'bench', DIMENSIONS)
    // The brute-force scan's copy, filled as the chunks are embedded.
    const flat = new Float32Array(size * DIMENSIONS)
    let embedMs = 0
    const start = performance.now()
    for (let at = 0; at < size; at += BATCH) {
      const batch = chunks.slice(at, at + BATCH)
      const embedStart = performance.now()
      const embedded = await embedder.embed(batch.map(({ text }) => text))
      embedMs += performance.now() - embedStart
      embedded.forEach((vector, n) => flat.set(unit(vector), (at + n) * DIMENSIONS))
      await collection.upsert(
        batch.map(({ text, source }, n) => ({
          id: `chunk-${at + n}`,
          vector: embedded[n],
          document: { pageContent: text, metadata: { source, i: at + n } },
        })),
      )
    }
    const ingestMs = performance.now() - start
    if ((await collection.count()) !== size) throw new Error('not every chunk was stored')

    const building = collection.indexState()
    const during = building.pending > 0 ? await timeSearches(collection, queryVectors.slice(0, 20)) : undefined
    await collection.whenIndexed()
    const indexedMs = performance.now() - start
    const state = collection.indexState()

    const scan = bruteForce(
      flat,
      chunks.map(({ source }) => source),
    )
    await timeSearches(collection, queryVectors.slice(0, 20)) // warm-up
    const store = await timeSearches(collection, queryVectors)
    const exact = timeScan(scan, queryVectors)
    const filter = { source: 'file-3.txt' }
    const storeFiltered = await timeSearches(collection, queryVectors, filter)
    const exactFiltered = timeScan(scan, queryVectors, filter.source)
    const rssIndexed = rssMb()

    const closeStart = performance.now()
    await collection.close()
    const closeMs = performance.now() - closeStart
    const openStart = performance.now()
    const reopened = await openEmbeddedCollection(folder, 'bench', DIMENSIONS)
    const openMs = performance.now() - openStart
    const reopenedState = reopened.indexState()
    const afterOpen = await timeSearches(reopened, queryVectors)
    await reopened.close()

    const search = state.kind === 'hnsw' ? 'HNSW index' : 'exact (below the index threshold)'
    console.log(`\n${size.toLocaleString('en')} chunks`)
    console.log(
      `ingestion (embed + upsert, ${BATCH} a transaction)   ${(size / (ingestMs / 1000)).toFixed(0)} chunks/s ` +
        `(${(ingestMs / 1000).toFixed(1)} s, of which embedding ${(embedMs / 1000).toFixed(1)} s)`,
    )
    console.log(
      `until indexed                                  ${(indexedMs / 1000).toFixed(1)} s from the first upsert ` +
        `(${state.kind}, ${state.indexed.toLocaleString('en')} in the index)`,
    )
    if (during) {
      console.log(
        `query while indexing (${building.pending.toLocaleString('en')} not yet indexed)   ${line(during.marks)}`,
      )
    }
    console.log(
      `query, ${search.padEnd(40)} ${line(store.marks)}   recall@${K} ${percent(recall(store.found, exact.found))}` +
        `   question's chunk found ${percent(ownChunkFound(store.found, size))}`,
    )
    console.log(
      `query, brute-force scan in memory              ${line(exact.marks)}` +
        `   question's chunk found ${percent(ownChunkFound(exact.found, size))}`,
    )
    console.log(
      `query + filter (1 source of 10), store         ${line(storeFiltered.marks)}   recall@${K} ` +
        `${percent(recall(storeFiltered.found, exactFiltered.found))}`,
    )
    console.log(`query + filter, brute-force scan               ${line(exactFiltered.marks)}`)
    console.log(
      `close (saves the index) ${ms(closeMs)} ms; open again ${ms(openMs)} ms ` +
        `(index from its file: ${reopenedState.fromFile}); then query ${line(afterOpen.marks)}`,
    )
    console.log(
      `resident memory: ${rssBefore.toFixed(0)} MB before ingestion, ${rssIndexed.toFixed(0)} MB indexed ` +
        `(with the scan's own ${((size * DIMENSIONS * 4) / 2 ** 20).toFixed(0)} MB of vectors)`,
    )
  } finally {
    await closeEmbeddedCollections()
    rmSync(folder, { recursive: true, force: true })
  }
}
