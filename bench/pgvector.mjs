// The pgvector store (packages/nodes/src/vector-stores/pgvector-collection.ts) on a real PostgreSQL:
// for 10,000 and 100,000 chunks of generated text embedded by the built-in hashing embedder
// (256 numbers),
// 1. ingestion: chunks/s of upserts of BATCH chunks (one transaction each) into a new table with its
//    HNSW index (vectors made beforehand, so the database's work is measured, not the embedder's);
// 2. queries: median and 95th percentile of QUERIES searches (Top K = 4, query vectors made
//    beforehand) through the HNSW index, and beside them the same searches comparing every row
//    (`enable_indexscan = off`) on the same table in the same run, with the index's recall against
//    them, and through the index visiting OTHER_EF candidates (hnsw.ef_search, pgvector's default)
//    instead of the store's 200; then the same with a metadata filter keeping one source in ten.
// The database: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test.
// Run `npx tsc -b packages/server` first: it reads packages/nodes/dist.
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { embedByHashing } from '../packages/nodes/dist/providers/hashing-embedder.js'
import { openPgvectorCollection } from '../packages/nodes/dist/vector-stores/pgvector-collection.js'
import {
  BATCH,
  DIMENSIONS,
  K,
  SIZES,
  chunk,
  line,
  ownChunkFound,
  percent,
  questions,
  recall,
  timeSearches,
} from './vector-bench-data.mjs'

const DATABASE =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
/** hnsw.ef_search of the second HNSW line (the first uses the store's default, 200): pgvector's own default. */
const OTHER_EF = Number(process.env.OTHER_EF ?? 40)

const [load1] = loadavg()
console.log(
  `pgvector benchmark, ${new Date().toISOString()}, load average ${load1.toFixed(1)} (1 min), ${DIMENSIONS} dimensions, Top K ${K}`,
)
const connection = { connectionString: DATABASE }

/** Whether the database answers; `npm run bench` goes on without this benchmark when it does not. */
async function reachable() {
  const client = new pg.Client(connection)
  try {
    await client.connect()
    await client.end()
    return true
  } catch (error) {
    const { host, pathname } = new URL(DATABASE)
    console.log(`skipped: no PostgreSQL at ${host}${pathname} (${error.message})`)
    return false
  }
}

for (const size of (await reachable()) ? SIZES : []) {
  const tableName = `weft_bench_${size}_${process.pid}`
  let embedMs = performance.now()
  const records = Array.from({ length: size }, (_, i) => {
    const { text, source } = chunk(i)
    return {
      id: `chunk-${i}`,
      vector: embedByHashing(text, DIMENSIONS),
      document: { pageContent: text, metadata: { source, i } },
    }
  })
  embedMs = performance.now() - embedMs
  const queryVectors = questions(size).map((text) => embedByHashing(text, DIMENSIONS))

  const indexed = await openPgvectorCollection({ connection, tableName, dimensions: DIMENSIONS })
  const other = await openPgvectorCollection({ connection, tableName, dimensions: DIMENSIONS, efSearch: OTHER_EF })
  const exact = await openPgvectorCollection({ connection, tableName, dimensions: DIMENSIONS, exactSearch: true })
  try {
    const start = performance.now()
    for (let at = 0; at < size; at += BATCH) await indexed.upsert(records.slice(at, at + BATCH))
    const ingestSeconds = (performance.now() - start) / 1000
    if ((await indexed.count()) !== size) throw new Error('not every chunk was stored')

    await timeSearches(indexed, queryVectors.slice(0, 20)) // warm the index and the connections
    const hnsw = await timeSearches(indexed, queryVectors)
    const hnswOther = await timeSearches(other, queryVectors)
    const scan = await timeSearches(exact, queryVectors)
    const filter = { source: 'file-3.txt' }
    const hnswFiltered = await timeSearches(indexed, queryVectors, filter)
    const scanFiltered = await timeSearches(exact, queryVectors, filter)

    const own = ({ found }) => percent(ownChunkFound(found, size))
    const quality = (result, reference) =>
      `recall@${K} ${percent(recall(result.found, reference.found))}   mean score ${result.meanScore.toFixed(3)}`
    console.log(
      `\n${size.toLocaleString('en')} chunks (embedding them took ${(embedMs / 1000).toFixed(1)} s, not counted)`,
    )
    console.log(
      `ingestion, HNSW index, ${BATCH} a transaction   ${(size / ingestSeconds).toFixed(0)} chunks/s (${ingestSeconds.toFixed(1)} s)`,
    )
    console.log(
      `query, HNSW, ef_search 200                ${line(hnsw.marks)}   ${quality(hnsw, scan)}   own chunk ${own(hnsw)}`,
    )
    console.log(
      `query, HNSW, ef_search ${OTHER_EF}                ${line(hnswOther.marks)}   ${quality(hnswOther, scan)}   own chunk ${own(hnswOther)}`,
    )
    console.log(
      `query, every row compared               ${line(scan.marks)}   mean score ${scan.meanScore.toFixed(3)}   own chunk ${own(scan)}`,
    )
    console.log(
      `query + filter (1 source of 10), HNSW   ${line(hnswFiltered.marks)}   ${quality(hnswFiltered, scanFiltered)}`,
    )
    console.log(
      `query + filter, every row compared      ${line(scanFiltered.marks)}   mean score ${scanFiltered.meanScore.toFixed(3)}`,
    )
  } finally {
    await exact.close()
    await other.close()
    await indexed.close()
    const client = new pg.Client(connection)
    await client.connect()
    await client.query(`DROP TABLE IF EXISTS "${tableName}"`)
    await client.end()
  }
}
