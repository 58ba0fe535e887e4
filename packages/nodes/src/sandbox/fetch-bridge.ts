import type { QuickJSContext, QuickJSDeferredPromise, QuickJSHandle } from 'quickjs-emscripten-core'
import type { OutboundFetch } from '../net/outbound-guard.js'
import { fetchForSandbox, MAX_FETCHES } from './sandbox-fetch.js'

// The one host function user code can reach (through the runner's `fetch`): it takes the request as
// JSON text and gives back a promise of the sandbox's own, which the host resolves with JSON text
// when the answer has come. QuickJS runs synchronously, so the answers are handed in by the run's
// loop (run-in-quickjs.ts) between its turns: it waits here, delivers, then runs the promise jobs.

/** How often a run waiting for an answer looks at the stop flag. */
const STOP_POLL_MS = 20

export type WaitOutcome = 'answered' | 'late' | 'stopped'

export interface FetchBridge {
  /** The host function handed to the runner; disposed with the bridge. */
  handle: QuickJSHandle
  /** Requests made and not yet handed back to the sandbox. */
  pending(): number
  /** Waits for an answer, until `deadline` (epoch ms) passes or `stopped()` says so. */
  wait(deadline: number, stopped: () => boolean): Promise<WaitOutcome>
  /** Resolves the sandbox's promises with the answers that came; run the promise jobs after. */
  deliver(): void
  /** Abandons the requests in flight and frees their promises. */
  dispose(): void
}

export function createFetchBridge(context: QuickJSContext, fetch: OutboundFetch): FetchBridge {
  const controller = new AbortController()
  const inFlight = new Set<QuickJSDeferredPromise>()
  const answered: Array<{ deferred: QuickJSDeferredPromise; answer: string }> = []
  let wake: (() => void) | undefined
  let made = 0

  const answer = (deferred: QuickJSDeferredPromise, text: string) => {
    answered.push({ deferred, answer: text })
    wake?.()
  }

  const handle = context.newFunction('fetch', (request) => {
    const deferred = context.newPromise()
    if (made >= MAX_FETCHES) {
      answer(
        deferred,
        JSON.stringify({ error: `fetch: custom code may make at most ${MAX_FETCHES} requests in a run` }),
      )
      return deferred.handle
    }
    made += 1
    // Only text is read from the sandbox; anything else is answered as an unreadable request.
    const text = context.typeof(request) === 'string' ? context.getString(request) : ''
    inFlight.add(deferred)
    void fetchForSandbox(text, fetch, controller.signal).then((reply) => {
      if (inFlight.delete(deferred)) answer(deferred, reply)
    })
    // The library disposes this handle once it is returned; `deferred` keeps its resolvers.
    return deferred.handle
  })

  return {
    handle,
    pending: () => inFlight.size + answered.length,
    wait(deadline, stopped) {
      if (answered.length > 0) return Promise.resolve('answered')
      return new Promise((resolve) => {
        const finish = (outcome: WaitOutcome) => {
          clearTimeout(timer)
          clearInterval(poll)
          wake = undefined
          resolve(outcome)
        }
        const timer = setTimeout(() => finish('late'), Math.max(0, deadline - Date.now()))
        const poll = setInterval(() => {
          if (stopped()) finish('stopped')
        }, STOP_POLL_MS)
        wake = () => finish('answered')
      })
    },
    deliver() {
      for (const { deferred, answer: text } of answered.splice(0)) {
        context.newString(text).consume((value) => deferred.resolve(value))
      }
    },
    dispose() {
      controller.abort()
      for (const deferred of inFlight) deferred.dispose()
      for (const { deferred } of answered) deferred.dispose()
      inFlight.clear()
      answered.length = 0
      if (handle.alive) handle.dispose()
    },
  }
}
