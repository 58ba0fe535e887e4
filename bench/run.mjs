// `npm run bench`: builds, then runs every benchmark one after the other; `npm run bench -- start
// prediction` runs only those. Figures go in bench/README.md, with the date and the machine.
import { execSync } from 'node:child_process'

const benchmarks = [
  'start',
  'canvas',
  'prediction',
  'paint',
  'agentflow',
  'pgvector',
  'vector-store',
  'sandbox-liveness',
]
const chosen = process.argv.slice(2)
const unknown = chosen.filter((name) => !benchmarks.includes(name))
if (unknown.length > 0) throw new Error(`No benchmark ${unknown.join(', ')}; there are ${benchmarks.join(', ')}`)

execSync('npm run build --silent', { stdio: 'inherit', cwd: new URL('..', import.meta.url).pathname })
for (const name of chosen.length > 0 ? chosen : benchmarks) await import(`./${name}.mjs`)
