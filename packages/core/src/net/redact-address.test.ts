import { describe, expect, it } from 'vitest'
import { redactAddress } from './redact-address.js'

describe('redactAddress', () => {
  it('hides the values of query keys named like secrets, keeping the rest as written', () => {
    expect(redactAddress('/reset-password?token=Zk3-live_token')).toBe('/reset-password?token=[redacted]')
    expect(redactAddress('/register?email=vic%40example.com&token=abc')).toBe(
      '/register?email=vic%40example.com&token=[redacted]',
    )
    expect(redactAddress('/sso/callback?code=4/0Ab&state=xyz&scope=openid')).toBe(
      '/sso/callback?code=[redacted]&state=[redacted]&scope=openid',
    )
    expect(redactAddress('/x?apiKey=k1&api_key=k2&Signature=s&X-Amz-Signature=s2&password=p&client_secret=c')).toBe(
      '/x?apiKey=[redacted]&api_key=[redacted]&Signature=[redacted]&X-Amz-Signature=[redacted]&password=[redacted]&client_secret=[redacted]',
    )
    expect(redactAddress('/x?%74oken=abc#top')).toBe('/x?%74oken=[redacted]#top')
  })

  it('leaves addresses without secrets alone', () => {
    for (const url of [
      '/chatflows',
      '/api/v1/chatmessage/1?sortOrder=DESC&page=2',
      '/x?flag',
      '/x?max_tokens=5',
      '/x?',
    ])
      expect(redactAddress(url)).toBe(url)
  })

  it('hides path values the route names like secrets', () => {
    expect(redactAddress('/api/v1/verify/apikey/sk-live%2F1?x=1', ['sk-live/1'])).toBe(
      '/api/v1/verify/apikey/[redacted]?x=1',
    )
    expect(redactAddress('/api/v1/chatflows/apikey/abc', ['abc', ''])).toBe('/api/v1/chatflows/apikey/[redacted]')
  })
})
