// `npm run weft -- <command>`: administrator commands (packages/server/src/cli.ts). Builds once if the
// build is missing, with the build's output on stderr so that stdout stays the command's answer.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

if (!existsSync('packages/server/dist/cli.js'))
  execSync('npm run build', { stdio: ['ignore', process.stderr, process.stderr] })
await import('../packages/server/dist/cli.js')
