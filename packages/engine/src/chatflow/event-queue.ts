/**
 * A one-reader queue between the nodes of a run (which push as they work) and the consumer of the
 * run's events (which pulls at its own pace), so each token reaches the client as it is written.
 */
export interface EventQueue<T> extends AsyncIterable<T> {
  /** Adds an event; ignored once the queue is finished. */
  push: (item: T) => void
  /**
   * Adds the last events and ends the queue; later calls are ignored, so whichever of success,
   * failure or cancellation comes first decides how the run ends. `dropPending` discards events
   * not yet read (a stopped run sends no more tokens).
   */
  finish: (last: readonly T[], options?: { dropPending?: boolean }) => void
  readonly finished: boolean
}

export function createEventQueue<T>(): EventQueue<T> {
  let items: T[] = []
  let finished = false
  let wake: (() => void) | undefined
  const notify = () => {
    wake?.()
    wake = undefined
  }
  return {
    push(item) {
      if (finished) return
      items.push(item)
      notify()
    },
    finish(last, options) {
      if (finished) return
      finished = true
      items = options?.dropPending ? [...last] : [...items, ...last]
      notify()
    },
    get finished() {
      return finished
    },
    async *[Symbol.asyncIterator]() {
      for (;;) {
        if (items.length > 0) {
          yield items.shift()!
        } else if (finished) {
          return
        } else {
          await new Promise<void>((resolve) => (wake = resolve))
        }
      }
    },
  }
}
