import { TRACING_PROVIDERS, TRACING_PROVIDER_INFO } from '@weft/core'
import { describe, expect, it } from 'vitest'
import { findCredentialType } from './index.js'

describe('tracing credentials', () => {
  it('exist for every provider a flow can trace to, with Flowise’s field names', () => {
    const fields = TRACING_PROVIDERS.map((provider) =>
      findCredentialType(TRACING_PROVIDER_INFO[provider].credentialName)?.inputs.map((input) => input.name),
    )
    expect(fields).toEqual([
      ['langSmithApiKey', 'langSmithEndpoint'],
      ['langFuseSecretKey', 'langFusePublicKey', 'langFuseEndpoint'],
      ['arizePhoenixApiKey', 'arizePhoenixEndpoint'],
      ['openTelemetryEndpoint', 'openTelemetryHeaders'],
    ])
  })
})
