// `npm run worker`: builds once if the build is missing, then runs a queue-mode worker.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

if (!existsSync('packages/server/dist/worker.js')) execSync('npx tsc -b packages/server', { stdio: 'inherit' })
await import('../packages/server/dist/worker.js')
