import { describe, expect, it } from 'vitest'
import { loadQuickJS, runInQuickJS } from './run-in-quickjs.js'

// The engine itself, on this thread: what a pool worker does for each run.

const run = (code: string) => runInQuickJS({ code, globalsJson: '{}', timeoutMs: 5000, stopped: () => false })

describe('runInQuickJS', () => {
  it('keeps its engine after a run that built a big value after an await', async () => {
    // The WebAssembly memory once grew during promise jobs; the library then misread the job's
    // context, freeing the runtime failed and the engine had to be compiled again for the next run.
    const engine = loadQuickJS()
    await expect(run('await null; const big = "x".repeat(3e6); return big.length')).resolves.toBe('{"value":3000000}')
    await expect(run('await null; return "y".repeat(4e6)')).resolves.toHaveLength(4e6 + 12)
    expect(loadQuickJS()).toBe(engine)
  })

  it('runs code that awaits many times, and stops a flood of promise jobs with a message', async () => {
    await expect(run('let n = 0; for (let i = 0; i < 20000; i++) n += await i; return n')).resolves.toBe(
      '{"value":199990000}',
    )
    await expect(run('const again = () => Promise.resolve().then(again); again(); return 1')).rejects.toThrow(
      /^Custom code ran more than 100,000 promise jobs$/,
    )
  })

  it('answers JSON text with the value, or no value for undefined', async () => {
    await expect(run('return { a: [1, "b"] }')).resolves.toBe('{"value":{"a":[1,"b"]}}')
    await expect(run('return () => 1')).resolves.toBe('{}')
  })
})
