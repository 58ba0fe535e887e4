import { describe, expect, it } from 'vitest'
import { createLruCache } from './lru-cache.js'

describe('createLruCache', () => {
  it('forgets the least recently used entry beyond the most entries', () => {
    const cache = createLruCache<string>({ maxEntries: 2, maxSize: 100, sizeOf: (value) => value.length })
    cache.set('a', 'x')
    cache.set('b', 'y')
    expect(cache.get('a')).toBe('x')
    cache.set('c', 'z')
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toBe('x')
    expect(cache.get('c')).toBe('z')
  })

  it('forgets old entries beyond the total size and never keeps one larger than it', () => {
    const cache = createLruCache<string>({ maxEntries: 10, maxSize: 5, sizeOf: (value) => value.length })
    cache.set('a', 'aaa')
    cache.set('b', 'bb')
    cache.set('c', 'cc')
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'bb', 'cc'])
    cache.set('big', 'xxxxxx')
    expect(cache.get('big')).toBeUndefined()
    expect(cache.size).toBe(2)
  })
})
