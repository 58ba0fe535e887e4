export interface CachedLookupOptions {
  /** How long an answer is kept before it is looked up again. */
  freshMs: number
  /** How long after a failure before trying again, so an offline install does not retry on every call. */
  retryMs: number
  now?: () => number
}

/**
 * Remembers the answer of a slow or unreliable lookup. Callers at the same moment share one
 * lookup; once anything is known, callers get it at once while an expired answer is refreshed
 * behind them. A failure answers the last value known, or null.
 */
export function cachedLookup<T>(
  load: () => Promise<T>,
  { freshMs, retryMs, now = Date.now }: CachedLookupOptions,
): () => Promise<T | null> {
  let known: { value: T | null; until: number } | undefined
  let pending: Promise<T | null> | undefined

  const refresh = (): Promise<T | null> =>
    (pending ??= load()
      .then(
        (value) => (known = { value, until: now() + freshMs }),
        () => (known = { value: known?.value ?? null, until: now() + retryMs }),
      )
      .then(({ value }) => value)
      .finally(() => {
        pending = undefined
      }))

  return async () => {
    if (!known) return refresh()
    if (now() >= known.until) void refresh()
    return known.value
  }
}
