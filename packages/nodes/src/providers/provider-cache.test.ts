import { describe, expect, it } from 'vitest'
import { reuseProvider } from './provider-cache.js'

describe('provider reuse', () => {
  it('builds a provider once per kind and settings, and again for other settings', () => {
    let built = 0
    const create = () => ({ id: ++built })
    const a = reuseProvider('test', { baseURL: 'http://a', apiKey: 'k' }, create)
    expect(reuseProvider('test', { baseURL: 'http://a', apiKey: 'k' }, create)).toBe(a)
    expect(reuseProvider('test', { baseURL: 'http://a', apiKey: 'other' }, create)).not.toBe(a)
    expect(reuseProvider('other', { baseURL: 'http://a', apiKey: 'k' }, create)).not.toBe(a)
    expect(built).toBe(3)
  })

  it('builds another provider for another fetch (another outbound guard), the same for the same one', () => {
    const create = (fetch: typeof globalThis.fetch) => () => ({ fetch })
    const guarded: typeof globalThis.fetch = async () => new Response('guarded')
    const other: typeof globalThis.fetch = async () => new Response('other')
    const a = reuseProvider('fetching', { baseURL: 'http://a', fetch: guarded }, create(guarded))
    expect(reuseProvider('fetching', { baseURL: 'http://a', fetch: guarded }, create(guarded))).toBe(a)
    expect(reuseProvider('fetching', { baseURL: 'http://a', fetch: other }, create(other)).fetch).toBe(other)
  })
})
