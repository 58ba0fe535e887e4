// Reads the Vitest and Playwright JSON reports and prints one line CI can read: "N passed, N failed".
// A missing or unreadable report counts as a failure: a runner that did not report did not pass.
import { existsSync, readFileSync } from 'node:fs'

let passed = 0
let failed = 0
let skipped = 0

function readVitest(report) {
  passed += report.numPassedTests ?? 0
  failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0)
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
}

function readPlaywright(report) {
  const s = report.stats ?? {}
  passed += (s.expected ?? 0) + (s.flaky ?? 0)
  failed += s.unexpected ?? 0
  skipped += s.skipped ?? 0
  if ((report.errors ?? []).length > 0) failed += report.errors.length
}

for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.log(`No report at ${file}: counting it as a failure`)
    failed += 1
    continue
  }
  const report = JSON.parse(readFileSync(file, 'utf8'))
  if ('numPassedTests' in report) readVitest(report)
  else readPlaywright(report)
}

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 || passed === 0 ? 1 : 0)
