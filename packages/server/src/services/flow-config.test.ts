import { describe, expect, it } from 'vitest'
import { allowedOrigins, DEFAULT_RATE_LIMIT_MESSAGE, readChatbotConfig, readRateLimit } from './flow-config.js'

describe('flow config', () => {
  it('reads allowed origins forgivingly from stored text', () => {
    expect(
      allowedOrigins(
        readChatbotConfig('{"allowedOrigins":["https://a.example/", "", " https://b.example ", "not an origin"]}'),
      ),
    ).toEqual(['https://a.example', 'https://b.example'])
    expect(allowedOrigins(readChatbotConfig('not json'))).toEqual([])
    expect(allowedOrigins(readChatbotConfig(null))).toEqual([])
  })

  it('reads a rate limit that is on, with numbers given as text as Flowise stores them', () => {
    expect(
      readRateLimit('{"rateLimit":{"status":true,"limitMax":"5","limitDuration":"60","limitMsg":"Wait"}}'),
    ).toEqual({
      max: 5,
      windowMs: 60_000,
      message: 'Wait',
    })
    expect(readRateLimit('{"rateLimit":{"status":true,"limitMax":2,"limitDuration":1}}')?.message).toBe(
      DEFAULT_RATE_LIMIT_MESSAGE,
    )
    expect(readRateLimit('{"rateLimit":{"status":false,"limitMax":2,"limitDuration":1}}')).toBeUndefined()
    expect(readRateLimit('{"rateLimit":{"status":true,"limitMax":"","limitDuration":1}}')).toBeUndefined()
    expect(readRateLimit(null)).toBeUndefined()
  })
})
