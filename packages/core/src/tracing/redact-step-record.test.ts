import { describe, expect, it } from 'vitest'
import { isSecretName, redactDeep, redactStepInputs } from './redact-step-record.js'

const PARAMS = [
  { name: 'url', type: 'string' },
  { name: 'bearerToken', type: 'password' },
  { name: 'basicPassword', type: 'password' },
]

describe('isSecretName', () => {
  it('knows header, query and field names of secrets, and leaves ordinary ones', () => {
    for (const name of [
      'X-Api-Key',
      'api_key',
      'apiKey',
      'Authorization',
      'access_token',
      'client-secret',
      'Cookie',
      'key',
      'X-Auth-Token',
      'password',
    ])
      expect(isSecretName(name), name).toBe(true)
    for (const name of ['page', 'max_tokens', 'Content-Type', 'keyword', 'sessionId', 'q'])
      expect(isSecretName(name), name).toBe(false)
  })
})

describe('redactStepInputs', () => {
  it('hides header rows, bearer and basic credentials, password inputs and secret query keys', () => {
    const basic = Buffer.from('ada:pw-123456').toString('base64')
    const { input, secrets } = redactStepInputs(PARAMS, {
      url: 'https://api.example.com/orders?api_key=url-key-123&page=2',
      headers: [
        { key: 'X-Api-Key', value: 'hdr-key-123' },
        { key: 'Authorization', value: 'Bearer hdr-bearer-123' },
        { key: 'Accept', value: 'application/json' },
      ],
      queryParams: [{ key: 'token', value: 'qp-123456' }],
      bearerToken: 'tok-123456',
      basicPassword: 'pw-123456',
      body: `{"note":"sent with Basic ${basic} and tok-123456"}`,
    })
    expect(input).toEqual({
      url: 'https://api.example.com/orders?api_key=[redacted]&page=2',
      headers: [
        { key: 'X-Api-Key', value: '[redacted]' },
        { key: 'Authorization', value: '[redacted]' },
        { key: 'Accept', value: 'application/json' },
      ],
      queryParams: [{ key: 'token', value: '[redacted]' }],
      bearerToken: '[redacted]',
      basicPassword: '[redacted]',
      body: '{"note":"sent with Basic [redacted] and [redacted]"}',
    })
    expect(secrets).toEqual(
      expect.arrayContaining(['hdr-key-123', 'hdr-bearer-123', 'url-key-123', basic, 'tok-123456']),
    )
  })

  it('leaves prose, empty secrets and ordinary inputs as they are', () => {
    const inputs = {
      llmMessages: [{ role: 'user', content: 'A basic summary, please; Bearer bonds too.' }],
      url: 'https://example.com/search?q=weft&page=2',
      headers: [{ key: 'X-Api-Key', value: '' }],
      bearerToken: '',
    }
    expect(redactStepInputs(PARAMS, inputs).input).toEqual(inputs)
  })

  it('blanks a short secret in its own row and hides extra secrets given', () => {
    const { input } = redactStepInputs([], { headers: [{ key: 'key', value: 'ab' }], note: 'found sk-given-1' }, [
      'sk-given-1',
    ])
    expect(input).toEqual({ headers: [{ key: 'key', value: '[redacted]' }], note: 'found [redacted]' })
  })
})

describe('redactDeep', () => {
  it('replaces secrets in every text of a value, keeping numbers and keys', () => {
    expect(redactDeep({ a: ['x sk-12345'], n: 3, sk: true }, ['sk-12345'])).toEqual({
      a: ['x [redacted]'],
      n: 3,
      sk: true,
    })
  })
})
