// `npm run dev`: the API server (rebuilt by tsc --watch) and the Vite dev server with hot reload.
import { spawn } from 'node:child_process'

const run = (command, args) => spawn(command, args, { stdio: 'inherit', shell: false })
const children = [
  run('npx', ['tsc', '-b', 'packages/server', '--watch', '--preserveWatchOutput']),
  run('node', ['--watch-path=packages/server/dist', 'packages/server/dist/main.js']),
  run('npm', ['run', 'dev', '-w', '@weft/web']),
]
process.on('SIGINT', () => {
  for (const child of children) child.kill('SIGINT')
  process.exit(0)
})
