import type { OverrideConfigSetting } from '@weft/core'
import { describe, expect, it } from 'vitest'
import { overrideTargets, withoutLocked, withParam, withVariable } from './overrideChoices'
import { overrideFlow } from './test/overrideFlow'

describe('override choices of the Security tab', () => {
  it('lists each node label with its params, leaving out connections and notes', () => {
    const targets = overrideTargets(overrideFlow())
    expect(targets.map((target) => target.label)).toEqual(['ChatOpenAI', 'Prompt Template'])
    expect(targets[0]!.nodeIds).toEqual(['chatOpenAI_0'])
    expect(targets[0]!.params.map((param) => [param.name, param.lock])).toEqual([
      ['credential', 'never'],
      ['temperature', undefined],
      ['basePath', undefined],
    ])
  })

  it('locks the base path of a node that uses a credential', () => {
    const basePath = overrideTargets(overrideFlow('cred-1'))[0]!.params.find((param) => param.name === 'basePath')
    expect(basePath?.lock).toBe('credential')
  })

  it('writes choices in Flowise’s shape and switches off locked ones before a save', () => {
    let setting: OverrideConfigSetting = { status: true }
    const [chat] = overrideTargets(overrideFlow())
    for (const param of chat!.params.filter((p) => p.name !== 'credential')) {
      setting = withParam(setting, 'ChatOpenAI', param, true)
    }
    setting = withVariable(setting, { id: 'v1', name: 'city', type: 'static' }, true)
    expect(setting).toEqual({
      status: true,
      nodes: {
        ChatOpenAI: [
          { label: 'Temperature', name: 'temperature', type: 'number', enabled: true },
          { label: 'Base Path', name: 'basePath', type: 'string', enabled: true },
        ],
      },
      variables: [{ id: 'v1', name: 'city', type: 'static', enabled: true }],
    })
    expect(withoutLocked(setting, overrideFlow('cred-1')).nodes!.ChatOpenAI).toEqual([
      { label: 'Temperature', name: 'temperature', type: 'number', enabled: true },
      { label: 'Base Path', name: 'basePath', type: 'string', enabled: false },
    ])
  })
})
