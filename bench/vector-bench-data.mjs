// What bench/pgvector.mjs and bench/vector-store.mjs share, so that their figures compare: the settings,
// the generated chunks and the questions about them, and how searches are timed and judged.
// It reads packages/nodes/dist (`npx tsc -b packages/server` first), as both benchmarks do.
import { performance } from 'node:perf_hooks'
import { seededRandom } from '../packages/nodes/dist/vector-stores/embedded/test-vectors.js'
import { median, percentile } from './http-load.mjs'

export const SIZES = (process.env.SIZES ?? '10000,100000').split(',').map(Number)
export const BATCH = Number(process.env.BATCH ?? 1000)
export const QUERIES = Number(process.env.QUERIES ?? 200)
export const K = 4
export const DIMENSIONS = 256

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
  const next = seededRandom(7)
  return Array.from({ length: 3000 }, () => {
    const length = 2 + Math.floor(next() * 3)
    return Array.from({ length }, () => SYLLABLES[Math.floor(next() * SYLLABLES.length)]).join('')
  })
})()

/** Chunk `i`: 40–80 words, a topic of its own (one word in four from 40 topic words), and a source. */
export function chunk(i) {
  const next = seededRandom(1000 + i)
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
  const next = seededRandom(99 + i)
  return Array.from({ length: 8 }, () => words[Math.floor(next() * words.length)]).join(' ')
}

/** The chunk question `q` of a run over `size` chunks is about: spread over all of them. */
const askedAbout = (q, size) => (q * 7919) % size

/** The QUERIES questions of a run over `size` chunks. */
export const questions = (size) => Array.from({ length: QUERIES }, (_, q) => question(askedAbout(q, size)))

export const ms = (value) => value.toFixed(2)
export const line = (marks) => `median ${ms(median(marks))} ms   p95 ${ms(percentile(marks, 0.95))} ms`
export const percent = (value) => `${(value * 100).toFixed(1)} %`

/** Each search timed alone; what it found (the chunks' numbers) and the mean score of its hits. */
export async function timeSearches(collection, vectors, filter) {
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

/** Share of the exact answers' chunks that the approximate answers found too. */
export const recall = (approximate, exact) => {
  let hit = 0
  let all = 0
  exact.forEach((wanted, at) => {
    const got = new Set(approximate[at])
    all += wanted.length
    hit += wanted.filter((i) => got.has(i)).length
  })
  return all === 0 ? 1 : hit / all
}

/** How often the chunk a question was made from is among the Top K. */
export const ownChunkFound = (found, size) =>
  found.filter((ids, q) => ids.includes(askedAbout(q, size))).length / found.length
