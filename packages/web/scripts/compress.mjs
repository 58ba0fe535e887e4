// After `vite build`: writes a brotli (.br) and a gzip (.gz) copy beside every text file of dist,
// so the server sends them as they are instead of compressing on each request.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const DIST = new URL('../dist', import.meta.url).pathname
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/
// Below this a compressed copy saves less than the headers that announce it.
const MIN_BYTES = 1024

const files = readdirSync(DIST, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
  .map((entry) => join(entry.parentPath, entry.name))

let count = 0
let before = 0
let after = 0
for (const file of files) {
  const text = readFileSync(file)
  if (text.length < MIN_BYTES) continue
  count += 1
  const br = brotliCompressSync(text, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: text.length,
    },
  })
  writeFileSync(`${file}.br`, br)
  writeFileSync(`${file}.gz`, gzipSync(text, { level: constants.Z_BEST_COMPRESSION }))
  before += text.length
  after += br.length
}
console.log(`compressed ${count} files: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB with brotli`)
