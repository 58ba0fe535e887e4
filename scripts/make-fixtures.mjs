// Writes the files browser tests upload into e2e/fixtures, from the generators in
// packages/nodes/src/testing/e2e-fixtures.ts (read from its build: run `npm run build` first).
// packages/nodes/src/testing/e2e-fixtures.test.ts fails when the written files no longer match.
import { mkdir, writeFile } from 'node:fs/promises'

const { e2eFixtures } = await import('../packages/nodes/dist/testing/e2e-fixtures.js')
const folder = new URL('../e2e/fixtures/', import.meta.url)
await mkdir(folder, { recursive: true })
for (const { name, bytes } of e2eFixtures()) {
  await writeFile(new URL(name, folder), bytes)
  console.log(`e2e/fixtures/${name} (${bytes.length} bytes)`)
}
