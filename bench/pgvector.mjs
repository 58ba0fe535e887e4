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
import { median, percentile } from './http-load.mjs'

const DATABASE =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const SIZES = (process.env.SIZES ?? '10000,100000').split(',').map(Number)
const BATCH = Number(process.env.BATCH ?? 1000)
const QUERIES = Number(process.env.QUERIES ?? 200)
const K = 4
const DIMENSIONS = 256
/** hnsw.ef_search of the second HNSW line (the first uses the store's default, 200): pgvector's own default. */
const OTHER_EF = Number(process.env.OTHER_EF ?? 40)

/** A small seeded generator (mulberry32), so every run makes the same chunks. */
function random(seed) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ren',
  'sa',
  'tor',
  'vel',
  'no',
  'qui',
  'das',
  'fen',
  'ul',
  'bri',
  'zo',
  'pe',
  'gan',
]
/** 3,000 made-up words; the first 300 are common, the rest rarer, as in real text. */
const WORDS = (() => {
  const next = random(7)
  return Array.from({ length: 3000 }, () => {
    const length = 2 + Math.floor(next() * 3)
    return Array.from({ length }, () => SYLLABLES[Math.floor(next() * SYLLABLES.length)]).join('')
  })
})()

/** Chunk `i`: 40–80 words, a topic of its own (one word in four from 40 topic words), and a source. */
function chunk(i) {
  const next = random(1000 + i)
  const topic = Math.floor(next() * 500)
  const count = 40 + Math.floor(next() * 40)
  const words = []
  for (let w = 0; w < count; w++) {
    const pick = next()
    if (pick < 0.25) words.push(WORDS[300 + ((topic * 40 + Math.floor(next() * 40)) % 2700)])
    else if (pick < 0.8) words.push(WORDS[Math.floor(next() * 300)])
    else words.push(WORDS[Math.floor(next() * 3000)])
  }
  return { text: words.join(' '), source: `file-${i % 10}.txt` }
}

/** A question about chunk `i`: eight of its words. */
function question(i) {
  const words = chunk(i).text.split(' ')
  const next = random(99 + i)
  return Array.from({ length: 8 }, () => words[Math.floor(next() * words.length)]).join(' ')
}

const ms = (value) => value.toFixed(2)

async function timeSearches(collection, vectors, filter) {
  const marks = []
  const found = []
  const scores = []
  for (const vector of vectors) {
    const start = performance.now()
    const hits = await collection.search(vector, K, filter)
    marks.push(performance.now() - start)
    found.push(hits.map((hit) => hit.document.metadata.i))
    scores.push(hits.reduce((sum, hit) => sum + hit.score, 0) / Math.max(1, hits.length))
  }
  return { marks, found, meanScore: scores.reduce((a, b) => a + b, 0) / scores.length }
}

const recall = (approximate, exact) => {
  let hit = 0
  let all = 0
  exact.forEach((wanted, at) => {
    const got = new Set(approximate[at])
    all += wanted.length
    hit += wanted.filter((text) => got.has(text)).length
  })
  return all === 0 ? 1 : hit / all
}

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
  const queryVectors = Array.from({ length: QUERIES }, (_, q) =>
    embedByHashing(question((q * 7919) % size), DIMENSIONS),
  )

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

    const askedAbout = (q) => (q * 7919) % size
    const pct = (value) => `${(value * 100).toFixed(1)} %`
    const own = ({ found }) => found.filter((ids, q) => ids.includes(askedAbout(q))).length / found.length
    const line = ({ marks }) => `median ${ms(median(marks))} ms   p95 ${ms(percentile(marks, 0.95))} ms`
    const quality = (result, reference) =>
      `recall@${K} ${pct(recall(result.found, reference.found))}   mean score ${result.meanScore.toFixed(3)}`
    console.log(
      `\n${size.toLocaleString('en')} chunks (embedding them took ${(embedMs / 1000).toFixed(1)} s, not counted)`,
    )
    console.log(
      `ingestion, HNSW index, ${BATCH} a transaction   ${(size / ingestSeconds).toFixed(0)} chunks/s (${ingestSeconds.toFixed(1)} s)`,
    )
    console.log(
      `query, HNSW, ef_search 200                ${line(hnsw)}   ${quality(hnsw, scan)}   own chunk ${pct(own(hnsw))}`,
    )
    console.log(
      `query, HNSW, ef_search ${OTHER_EF}                ${line(hnswOther)}   ${quality(hnswOther, scan)}   own chunk ${pct(own(hnswOther))}`,
    )
    console.log(
      `query, every row compared               ${line(scan)}   mean score ${scan.meanScore.toFixed(3)}   own chunk ${pct(own(scan))}`,
    )
    console.log(
      `query + filter (1 source of 10), HNSW   ${line(hnswFiltered)}   ${quality(hnswFiltered, scanFiltered)}`,
    )
    console.log(
      `query + filter, every row compared      ${line(scanFiltered)}   mean score ${scanFiltered.meanScore.toFixed(3)}`,
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
