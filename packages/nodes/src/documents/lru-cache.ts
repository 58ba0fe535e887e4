/**
 * A map that forgets its least recently used entries once it holds more than `maxEntries` of them
 * or more than `maxSize` in total (each entry's size given by `sizeOf`).
 */
export interface LruCache<V> {
  get: (key: string) => V | undefined
  set: (key: string, value: V) => void
  readonly size: number
}

export function createLruCache<V>(options: {
  maxEntries: number
  maxSize: number
  sizeOf: (value: V) => number
}): LruCache<V> {
  const entries = new Map<string, { value: V; size: number }>()
  let total = 0
  const remove = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    total -= entry.size
  }
  return {
    get(key) {
      const entry = entries.get(key)
      if (!entry) return undefined
      // Map keeps insertion order: moving a used entry to the end keeps the oldest first.
      entries.delete(key)
      entries.set(key, entry)
      return entry.value
    },
    set(key, value) {
      remove(key)
      const size = options.sizeOf(value)
      if (size > options.maxSize) return
      entries.set(key, { value, size })
      total += size
      for (const oldest of entries.keys()) {
        if (entries.size <= options.maxEntries && total <= options.maxSize) break
        remove(oldest)
      }
    },
    get size() {
      return entries.size
    },
  }
}
