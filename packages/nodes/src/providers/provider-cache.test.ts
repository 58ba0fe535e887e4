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
})
