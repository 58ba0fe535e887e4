import { PARAM_TYPES } from '@weft/core'
import { describe, expect, it } from 'vitest'
import { nodes } from '../catalogue.js'
import { credentialTypes, findCredentialType } from './index.js'

const paramTypes: ReadonlySet<string> = new Set(PARAM_TYPES)

describe('credential types', () => {
  it('cover every credential a node of the catalogue asks for', () => {
    const asked = new Set(nodes.flatMap((node) => node.descriptor.credential?.credentialNames ?? []))
    const missing = [...asked].filter((name) => !findCredentialType(name))
    expect(missing).toEqual([])
  })

  it('have unique names and field names, param types only, and at least one secret field', () => {
    expect(new Set(credentialTypes.map((type) => type.name)).size).toBe(credentialTypes.length)
    for (const type of credentialTypes) {
      const fields = type.inputs.map((input) => input.name)
      expect(new Set(fields).size, type.name).toBe(fields.length)
      for (const input of type.inputs) expect(paramTypes.has(input.type), `${type.name}.${input.name}`).toBe(true)
      expect(
        type.inputs.some((input) => input.type === 'password'),
        type.name,
      ).toBe(true)
    }
  })

  it('are found by name, and an unknown name finds nothing', () => {
    expect(findCredentialType('openAIApi')?.inputs.map((input) => input.name)).toEqual([
      'openAIApiKey',
      'openAIApiBasePath',
    ])
    expect(findCredentialType('PostgresApi')?.inputs.map((input) => input.name)).toEqual(['user', 'password'])
    expect(findCredentialType('openaiapi')).toBeUndefined()
  })
})
