import { afterEach, describe, expect, it } from 'vitest'
import { createSandboxPool, type SandboxPool } from './sandbox-pool.js'
import { UserCodeError } from './user-code-error.js'

const LOOP = { code: 'while (true) {}', globalsJson: '{}' }
const valueOf = (json: string) => (JSON.parse(json) as { value: unknown }).value
const misbehaving = new URL('../testing/misbehaving-sandbox-worker.mjs', import.meta.url)

describe('the sandbox pool (worker threads)', () => {
  let pool: SandboxPool
  afterEach(() => pool.close())

  it('runs many runs on two threads, each with its own answer', async () => {
    pool = createSandboxPool({ threads: 2, queue: 64 })
    const runs = Array.from({ length: 12 }, (_, n) =>
      pool.run({ code: 'return $n * 2', globalsJson: JSON.stringify({ $n: n }), timeoutMs: 1000 }),
    )
    const loops = [1, 2, 3].map(() => pool.run({ ...LOOP, timeoutMs: 50 }).catch((error: Error) => error.message))
    expect((await Promise.all(runs)).map(valueOf)).toEqual(Array.from({ length: 12 }, (_, n) => n * 2))
    expect(await Promise.all(loops)).toEqual(Array(3).fill('Custom code took longer than 50 ms'))
  })

  it('turns a run away at once when every thread is busy and the queue is full', async () => {
    pool = createSandboxPool({ threads: 1, queue: 1 })
    const running = pool.run({ ...LOOP, timeoutMs: 300 })
    const queued = pool.run({ ...LOOP, timeoutMs: 300 })
    const turnedAway = pool.run({ ...LOOP, timeoutMs: 300 })
    const settled: string[] = []
    for (const [name, run] of Object.entries({ running, queued, turnedAway })) {
      run.catch(() => settled.push(name))
    }
    await expect(turnedAway).rejects.toThrow(
      new UserCodeError('Weft is running too much custom code right now (1 run waiting); try again in a moment.'),
    )
    await expect(running).rejects.toThrow('Custom code took longer than 300 ms')
    await expect(queued).rejects.toThrow('Custom code took longer than 300 ms')
    expect(settled).toEqual(['turnedAway', 'running', 'queued'])
  })

  it('stops an endless loop inside the worker when the run is aborted, and the thread is free again', async () => {
    // No time limit and no watchdog within the test: only the stop flag can end the loop.
    pool = createSandboxPool({ threads: 1, queue: 4, graceMs: 60_000 })
    const controller = new AbortController()
    const looping = pool.run({ ...LOOP, timeoutMs: 60_000 }, controller.signal)
    const next = pool.run({ code: 'return "next"', globalsJson: '{}', timeoutMs: 1000 })
    setTimeout(() => controller.abort(new Error('The run was stopped')), 200)
    await expect(looping).rejects.toThrow('The run was stopped')
    expect(valueOf(await next)).toBe('next')
  })

  it('drops an aborted run that was still waiting', async () => {
    pool = createSandboxPool({ threads: 1, queue: 4 })
    const controller = new AbortController()
    const running = pool.run({ ...LOOP, timeoutMs: 200 })
    const waiting = pool.run({ code: 'return 1', globalsJson: '{}', timeoutMs: 1000 }, controller.signal)
    controller.abort(new Error('The run was stopped'))
    await expect(waiting).rejects.toThrow('The run was stopped')
    await expect(running).rejects.toThrow('Custom code took longer than 200 ms')
  })

  it('replaces a worker that crashed, and the next run works', async () => {
    pool = createSandboxPool({ threads: 1, queue: 4, workerUrl: misbehaving })
    await expect(pool.run({ code: 'crash', globalsJson: '{}', timeoutMs: 1000 })).rejects.toThrow(
      new UserCodeError('The sandbox running the custom code crashed (it exited with code 3).'),
    )
    expect(valueOf(await pool.run({ code: 'after', globalsJson: '{}', timeoutMs: 1000 }))).toBe('after')
    await expect(pool.run({ code: 'throw', globalsJson: '{}', timeoutMs: 1000 })).rejects.toThrow(
      new UserCodeError('The sandbox running the custom code crashed (boom).'),
    )
    expect(valueOf(await pool.run({ code: 'again', globalsJson: '{}', timeoutMs: 1000 }))).toBe('again')
  })

  it('terminates and replaces a worker that does not answer past its time limit', async () => {
    pool = createSandboxPool({ threads: 1, queue: 4, workerUrl: misbehaving, graceMs: 50 })
    const hung = pool.run({ code: 'hang', globalsJson: '{}', timeoutMs: 50 })
    const next = pool.run({ code: 'next', globalsJson: '{}', timeoutMs: 1000 })
    await expect(hung).rejects.toThrow(new UserCodeError('Custom code took longer than 50 ms'))
    expect(valueOf(await next)).toBe('next')
  })

  it('fails at once, saying so, when the worker cannot start', async () => {
    pool = createSandboxPool({ threads: 1, queue: 4, workerUrl: new URL('./no-such-worker.js', import.meta.url) })
    await expect(pool.run({ code: 'return 1', globalsJson: '{}', timeoutMs: 1000 })).rejects.toThrow(
      /^The sandbox for custom code could not start: .*no-such-worker\.js is missing; run `npm run build`\.$/,
    )
  })

  it('fails the runs in hand when it closes, and starts afresh afterwards', async () => {
    pool = createSandboxPool({ threads: 1, queue: 4 })
    const looping = pool.run({ ...LOOP, timeoutMs: 60_000 })
    const stopped = expect(looping).rejects.toThrow('Weft is shutting down: the custom code was stopped.')
    await new Promise((resolve) => setTimeout(resolve, 100))
    await pool.close()
    await stopped
    expect(valueOf(await pool.run({ code: 'return 2', globalsJson: '{}', timeoutMs: 1000 }))).toBe(2)
  })
})
