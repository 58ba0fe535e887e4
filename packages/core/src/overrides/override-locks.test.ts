import { describe, expect, it } from 'vitest'
import { isEndpointParam, overrideLockOf, usesCredential } from './override-locks.js'

describe('overrideLockOf', () => {
  it('never lets secrets, the credential, server files, code or connections be overridden', () => {
    for (const type of ['password', 'credential', 'file', 'folder', 'code', 'BaseChatModel']) {
      expect(overrideLockOf({ name: 'anything', type }, false)).toBe('never')
    }
  })

  it('locks where requests go and what they carry while the node uses a credential', () => {
    for (const name of [
      'basePath',
      'baseURL',
      'baseUrl',
      'baseOptions',
      'url',
      'host',
      'port',
      'headers',
      'executeFlowBaseURL',
      'repoLink',
      'githubInstanceApi',
      'githubBaseUrl',
      'weaviateScheme',
      'weaviateHttpSecure',
      'weaviateConnectionType',
    ]) {
      expect(overrideLockOf({ name, type: 'string' }, true)).toBe('credential')
      expect(overrideLockOf({ name, type: 'string' }, false)).toBeUndefined()
    }
    expect(overrideLockOf({ name: 'extra', type: 'json' }, true)).toBe('credential')
  })

  it('leaves ordinary params to the owner, with or without a credential', () => {
    for (const name of ['temperature', 'modelName', 'systemMessage', 'support', 'report', 'maxTokens']) {
      expect(overrideLockOf({ name, type: 'string' }, true)).toBeUndefined()
    }
    expect(isEndpointParam({ name: 'temperature', type: 'number' })).toBe(false)
  })
})

describe('usesCredential', () => {
  it('sees the picked credential, or the one a Flowise export keeps in the inputs', () => {
    expect(usesCredential({ credential: 'c1' })).toBe(true)
    expect(usesCredential({ inputs: { FLOWISE_CREDENTIAL_ID: 'c1' } })).toBe(true)
    expect(usesCredential({ credential: '', inputs: {} })).toBe(false)
  })
})
