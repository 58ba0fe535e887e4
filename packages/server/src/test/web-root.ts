import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'

export const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>'
export const APP_JS = `export const app = ${JSON.stringify('x'.repeat(4000))}\n`

/** A built web app as `npm run build` leaves it: hashed assets, the widget, and their compressed copies. */
export function writeWebRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'weft-web-'))
  mkdirSync(join(root, 'assets'))
  const files: Record<string, string> = {
    'index.html': INDEX_HTML,
    'assets/index-abc123.js': APP_JS,
    'embed.js': APP_JS,
  }
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(root, name), text)
    writeFileSync(join(root, `${name}.br`), brotliCompressSync(text))
    writeFileSync(join(root, `${name}.gz`), gzipSync(text))
  }
  return root
}
