import type { AllowedOverrides, InputParam } from '@weft/core'
import { describe, expect, it } from 'vitest'
import { applyOverrides, overriddenVars } from './override-config.js'

const param = (name: string, type: string): InputParam => ({ label: name, name, type })
const params = [
  param('temperature', 'number'),
  param('systemMessage', 'string'),
  param('basePath', 'string'),
  param('apiKey', 'password'),
  param('credential', 'credential'),
  param('filePath', 'file'),
  param('folderPath', 'folder'),
  param('code', 'code'),
  param('model', 'BaseChatModel'),
]
const inputs = {
  temperature: 0.7,
  systemMessage: 'Be brief',
  basePath: 'https://api.openai.com/v1',
  apiKey: 'sk-author',
}
const allowed = (values: Record<string, unknown>, nodeId = 'chat_0'): AllowedOverrides => ({
  nodes: { [nodeId]: values },
  vars: {},
})

describe('applyOverrides', () => {
  it('applies the values allowed for this node', () => {
    const result = applyOverrides(
      { id: 'chat_0' },
      inputs,
      params,
      allowed({ temperature: 0, systemMessage: 'Be long' }),
    )
    expect(result).toMatchObject({ temperature: 0, systemMessage: 'Be long' })
  })

  it('applies nothing meant for another node, or for no node', () => {
    expect(applyOverrides({ id: 'chat_1' }, inputs, params, allowed({ temperature: 0 }))).toEqual(inputs)
    expect(applyOverrides({ id: 'chat_0' }, inputs, params, undefined)).toEqual(inputs)
  })

  it('still refuses secrets, credentials, server files, code and connections', () => {
    const result = applyOverrides(
      { id: 'chat_0' },
      inputs,
      params,
      allowed({
        apiKey: 'sk-caller',
        credential: 'another-id',
        filePath: '/etc/passwd',
        folderPath: '/',
        code: 'while (true) {}',
        model: 'something else',
      }),
    )
    expect(result).toEqual(inputs)
  })

  it('never moves the base path of a node that uses a credential', () => {
    const attack = allowed({ basePath: 'http://127.0.0.1:9/steal' })
    expect(applyOverrides({ id: 'chat_0', credential: 'cred-1' }, inputs, params, attack).basePath).toBe(
      inputs.basePath,
    )
    expect(applyOverrides({ id: 'chat_0' }, inputs, params, attack).basePath).toBe('http://127.0.0.1:9/steal')
  })

  it("never points a Github loader's token at another repository or API while it uses a credential", () => {
    const github = [param('repoLink', 'string'), param('githubInstanceApi', 'string'), param('branch', 'string')]
    const own = { repoLink: 'https://github.com/acme/private', githubInstanceApi: '', branch: 'main' }
    const attack = allowed(
      { repoLink: 'https://github.com/attacker/x', githubInstanceApi: 'http://127.0.0.1:9', branch: 'dev' },
      'github_0',
    )
    expect(applyOverrides({ id: 'github_0', credential: 'cred-1' }, own, github, attack)).toEqual({
      ...own,
      branch: 'dev',
    })
  })
})

describe('overriddenVars', () => {
  it('lets a call override and add the variables it was allowed', () => {
    const overrides = { nodes: {}, vars: { city: 'Oslo', days: 3 } }
    expect(overriddenVars({ city: 'Lyon', unit: 'C' }, overrides)).toEqual({ city: 'Oslo', unit: 'C', days: '3' })
    expect(overriddenVars({ city: 'Lyon' }, undefined)).toEqual({ city: 'Lyon' })
  })
})
