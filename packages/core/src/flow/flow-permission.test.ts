import { describe, expect, it } from 'vitest'
import { isPermission } from '../auth/permissions.js'
import { FLOW_TYPES } from '../types/flow.js'
import { flowPermission, type FlowAction } from './flow-permission.js'

describe('flowPermission', () => {
  it('puts both agentflow kinds under agentflows and chatflows under chatflows', () => {
    expect(flowPermission('AGENTFLOW', 'update')).toBe('agentflows:update')
    expect(flowPermission('MULTIAGENT', 'delete')).toBe('agentflows:delete')
    expect(flowPermission('CHATFLOW', 'create')).toBe('chatflows:create')
    expect(flowPermission('ASSISTANT', 'create')).toBe('chatflows:create')
  })

  it('lets assistants be seen with assistants:view', () => {
    expect(flowPermission('ASSISTANT', 'view')).toBe('assistants:view')
  })

  it('always names a real permission', () => {
    const actions: FlowAction[] = ['view', 'create', 'update', 'delete']
    for (const type of FLOW_TYPES)
      for (const action of actions) expect(isPermission(flowPermission(type, action))).toBe(true)
  })
})
