// `npm start`: builds once if the build is missing (a fresh clone whose install skipped scripts), then serves.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const built = ['packages/server/dist/main.js', 'packages/web/dist/index.html'].every((file) => existsSync(file))
if (!built) execSync('npm run build', { stdio: 'inherit' })
await import('../packages/server/dist/main.js')
