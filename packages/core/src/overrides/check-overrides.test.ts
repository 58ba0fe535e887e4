import { describe, expect, it } from 'vitest'
import type { InputParam } from '../types/node.js'
import type { OverrideConfigSetting } from '../types/run.js'
import { checkOverrides, lockedOverrideProblem, type OverrideNode } from './check-overrides.js'

const param = (name: string, type = 'string'): InputParam => ({ label: name, name, type })
const chatModel = (id: string, credential?: string): OverrideNode => ({
  id,
  name: 'chatOpenAI',
  label: 'ChatOpenAI',
  credential,
  inputParams: [
    param('modelName'),
    param('temperature', 'number'),
    param('basePath'),
    param('credential', 'credential'),
  ],
})
const prompt: OverrideNode = {
  id: 'promptTemplate_0',
  name: 'promptTemplate',
  label: 'Prompt Template',
  inputParams: [param('template'), param('model', 'BaseChatModel')],
}
const enabled = (...names: string[]) => names.map((name) => ({ label: name, name, type: 'string', enabled: true }))
const setting = (nodes: OverrideConfigSetting['nodes'], variables: OverrideConfigSetting['variables'] = []) => ({
  status: true,
  nodes,
  variables,
})

describe('checkOverrides', () => {
  const flow = [chatModel('chatOpenAI_0', 'cred-1'), prompt]

  it('refuses every param while overrides are off, naming it', () => {
    const check = checkOverrides(flow, { status: false }, { temperature: 0.2 })
    expect(check).toEqual({
      ok: false,
      message:
        'overrideConfig.temperature cannot be overridden: this flow does not allow it (flow Configuration → Security → Override configuration).',
    })
  })

  it('allows the enabled params of the node label, and refuses the others', () => {
    const on = setting({ ChatOpenAI: enabled('temperature') })
    expect(checkOverrides(flow, on, { temperature: 0.2 })).toEqual({
      ok: true,
      allowed: { nodes: { chatOpenAI_0: { temperature: 0.2 } }, vars: {} },
    })
    const refused = checkOverrides(flow, on, { temperature: 0.2, modelName: 'gpt-other' })
    expect(refused.ok).toBe(false)
    expect(!refused.ok && refused.message).toContain('overrideConfig.modelName cannot be overridden')
  })

  it('refuses the base path of a node that uses a credential even when enabled', () => {
    const check = checkOverrides(flow, setting({ ChatOpenAI: enabled('basePath') }), { basePath: 'http://127.0.0.1:9' })
    expect(check).toEqual({
      ok: false,
      message: 'overrideConfig.basePath cannot be overridden while ChatOpenAI (chatOpenAI_0) uses a credential.',
    })
    const free = checkOverrides([chatModel('chatOpenAI_0')], setting({ ChatOpenAI: enabled('basePath') }), {
      basePath: 'http://127.0.0.1:9',
    })
    expect(free.ok).toBe(true)
  })

  it('never allows secrets or the credential, whatever the setting says', () => {
    const check = checkOverrides(flow, setting({ ChatOpenAI: enabled('credential') }), { credential: 'other' })
    expect(!check.ok && check.message).toContain('overrideConfig.credential cannot be overridden: secrets')
  })

  it('checks values aimed at single nodes against those nodes only', () => {
    const two = [chatModel('chatOpenAI_0', 'cred-1'), { ...chatModel('chatOpenAI_1'), label: 'Other model' }]
    const on = setting({ ChatOpenAI: enabled('temperature') })
    expect(checkOverrides(two, on, { temperature: { chatOpenAI_0: 0.1 } })).toEqual({
      ok: true,
      allowed: { nodes: { chatOpenAI_0: { temperature: 0.1 } }, vars: {} },
    })
    expect(checkOverrides(two, on, { temperature: { chatOpenAI_1: 0.1 } }).ok).toBe(false)
    // A value for every node reaches the node whose label does not allow it, too.
    expect(checkOverrides(two, on, { temperature: 0.1 }).ok).toBe(false)
  })

  it('ignores the run options Flowise clients send, and nothing else', () => {
    const check = checkOverrides(flow, { status: false }, { sessionId: 's1', returnSourceDocuments: true })
    expect(check).toEqual({ ok: true, allowed: { nodes: {}, vars: {} } })
  })

  it('refuses a key that names no param of the flow (an unknown name, a connection), naming it', () => {
    const on = setting({ ChatOpenAI: enabled('temperature', 'maxTokens') })
    for (const key of ['chatId', 'analytics', 'maxTokens', 'model', 'basePathOfMine']) {
      expect(checkOverrides(flow, on, { temperature: 0.1, [key]: 'x' })).toEqual({
        ok: false,
        message: `overrideConfig.${key} cannot be overridden: no node of this flow has a parameter of that name (flow Configuration → Security → Override configuration).`,
      })
    }
    // Aimed at a node that does not have it.
    expect(checkOverrides(flow, on, { temperature: { promptTemplate_0: 0.1 } })).toMatchObject({
      ok: false,
      message: expect.stringContaining('overrideConfig.temperature cannot be overridden: no node'),
    })
  })

  it('checks each variable under vars against the enabled variables', () => {
    const on = setting({}, [
      { name: 'city', enabled: true },
      { name: 'secret', enabled: false },
    ])
    expect(checkOverrides(flow, on, { vars: { city: 'Oslo' } })).toEqual({
      ok: true,
      allowed: { nodes: {}, vars: { city: 'Oslo' } },
    })
    const refused = checkOverrides(flow, on, { vars: { city: 'Oslo', secret: 'x' } })
    expect(!refused.ok && refused.message).toContain('overrideConfig.vars.secret cannot be overridden')
  })
})

describe('lockedOverrideProblem', () => {
  it('names an enabled param that is locked on this flow', () => {
    const flow = [chatModel('chatOpenAI_0', 'cred-1')]
    expect(lockedOverrideProblem(flow, setting({ ChatOpenAI: enabled('temperature') }))).toBeUndefined()
    expect(lockedOverrideProblem(flow, setting({ ChatOpenAI: enabled('basePath') }))).toBe(
      'basePath of ChatOpenAI (chatOpenAI_0) cannot be overridden while the node uses a credential',
    )
    expect(lockedOverrideProblem(flow, setting({ ChatOpenAI: enabled('credential') }))).toContain(
      'can never be overridden',
    )
    expect(lockedOverrideProblem(flow, setting({ ChatOpenAI: enabled('unknownParam') }))).toBeUndefined()
  })
})
