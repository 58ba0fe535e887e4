import { CANNOT_RUN_BADGE, nodesThatCannotRun } from '@weft/core'
import { describe, expect, it } from 'vitest'
import { notRunnableYet } from './define-node.js'
import { findNode, listTemplates, nodes } from './index.js'
import { withRunBadge } from './run-badge.js'

describe('the cannot-run badge', () => {
  it('marks exactly the catalogue nodes whose run is not written yet', () => {
    for (const { descriptor, run } of nodes) {
      expect(descriptor.badge, descriptor.name).toBe(run === notRunnableYet ? CANNOT_RUN_BADGE : undefined)
    }
    expect(findNode('startAgentflow')?.descriptor.badge).toBe(CANNOT_RUN_BADGE)
    expect(findNode('seqAgent')?.descriptor.badge).toBe(CANNOT_RUN_BADGE)
    expect(findNode('chatOffline')?.descriptor.badge).toBeUndefined()
    expect(findNode('stickyNoteAgentflow')?.descriptor.badge).toBeUndefined()
  })

  it('goes away by itself once a node can run', () => {
    const start = findNode('startAgentflow')!
    const written = withRunBadge({
      ...start,
      descriptor: { ...start.descriptor, badge: undefined },
      run: async () => 'ran',
    })
    expect(written.descriptor.badge).toBeUndefined()
  })

  it('tells the agentflow templates from the chatflow templates that run', async () => {
    const descriptors = nodes.map((node) => node.descriptor)
    for (const template of await listTemplates()) {
      const blocked = nodesThatCannotRun(JSON.parse(template.flowData).nodes, descriptors)
      expect(blocked.length > 0, template.templateName).toBe(template.type === 'AgentflowV2')
    }
  })
})
