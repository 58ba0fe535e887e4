// `npm run bench`: builds, then runs every benchmark one after the other.
// Figures go in bench/README.md, with the date and the machine.
import { execSync } from 'node:child_process'

execSync('npm run build --silent', { stdio: 'inherit', cwd: new URL('..', import.meta.url).pathname })
await import('./start.mjs')
await import('./canvas.mjs')
await import('./prediction.mjs')
await import('./paint.mjs')
await import('./agentflow.mjs')
await import('./pgvector.mjs')
await import('./vector-store.mjs')
await import('./sandbox-liveness.mjs')
