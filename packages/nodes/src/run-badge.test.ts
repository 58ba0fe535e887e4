import { CANNOT_RUN_BADGE, nodesThatCannotRun } from '@weft/core'
import { describe, expect, it } from 'vitest'
import { notRunnableYet, type NodeDefinition } from './define-node.js'
import { findNode, listTemplates, nodes } from './index.js'
import { withRunBadge } from './run-badge.js'

const cannotRun = ({ run, step }: NodeDefinition) => step === undefined && (run === undefined || run === notRunnableYet)

describe('the cannot-run badge', () => {
  it('marks exactly the catalogue nodes with neither a run nor a step written', () => {
    for (const definition of nodes) {
      const { descriptor } = definition
      expect(descriptor.badge, descriptor.name).toBe(cannotRun(definition) ? CANNOT_RUN_BADGE : undefined)
    }
    expect(findNode('startAgentflow')?.descriptor.badge).toBeUndefined()
    expect(findNode('llmAgentflow')?.descriptor.badge).toBeUndefined()
    expect(findNode('chatOffline')?.descriptor.badge).toBeUndefined()
    expect(findNode('stickyNoteAgentflow')?.descriptor.badge).toBeUndefined()
  })

  it('is given to a node that cannot run, and goes away by itself once its step is written', () => {
    const start = findNode('startAgentflow')!
    const unwritten = withRunBadge({ descriptor: { ...start.descriptor, badge: undefined }, run: notRunnableYet })
    expect(unwritten.descriptor.badge).toBe(CANNOT_RUN_BADGE)
    const written = withRunBadge({
      descriptor: { ...start.descriptor, badge: undefined },
      step: async () => ({ output: { content: '' } }),
    })
    expect(written.descriptor.badge).toBeUndefined()
  })

  it('blocks exactly the templates that use a node which cannot run', async () => {
    const descriptors = nodes.map((node) => node.descriptor)
    const unrunnable = new Set(nodes.filter(cannotRun).map((node) => node.descriptor.name))
    for (const template of await listTemplates()) {
      const flowNodes = JSON.parse(template.flowData).nodes as { data: { name: string } }[]
      const blocked = nodesThatCannotRun(flowNodes as never, descriptors)
      expect(blocked.length > 0, template.templateName).toBe(flowNodes.some((node) => unrunnable.has(node.data.name)))
    }
    // The agentflow V2 templates run now.
    const v2 = (await listTemplates()).filter((template) => template.type === 'AgentflowV2')
    expect(v2.length).toBeGreaterThan(0)
  })
})
