import { checkConnection, type CustomAssistantDetails } from '@weft/core'
import { describe, expect, it } from 'vitest'
import { buildAssistantFlow } from './assistant-flow.js'

const base: CustomAssistantDetails = {
  name: 'Helper',
  instruction: 'You answer questions about the handbook.',
  chatModel: { name: 'chatOffline', inputs: {} },
  tools: [],
  documentStores: [],
}

const names = (details: CustomAssistantDetails) => buildAssistantFlow(details).nodes.map((node) => node.data.name)

describe('buildAssistantFlow', () => {
  it('is a conversation chain with memory when the assistant has no tools', () => {
    expect(names(base)).toEqual(['chatOffline', 'bufferMemory', 'conversationChain'])
    const chain = buildAssistantFlow(base).nodes[2]!
    expect(chain.data.inputs.systemMessagePrompt).toBe(base.instruction)
  })

  it('is a tool agent with each tool and a retriever tool per document store, connected as the canvas allows', () => {
    const flow = buildAssistantFlow({
      ...base,
      chatModel: { name: 'chatOpenAI', inputs: { modelName: 'gpt-4o-mini' }, credential: 'cred-1' },
      tools: [
        { kind: 'node', name: 'calculator' },
        { kind: 'saved', id: 'tool-1' },
      ],
      documentStores: [
        { id: 's1', name: 'Staff Handbook', description: 'Policies for staff' },
        { id: 's2', name: 'Staff handbook', description: '' },
      ],
    })
    const byName = (name: string) => flow.nodes.filter((node) => node.data.name === name)
    expect(byName('toolAgent')[0]!.data.inputs.systemMessage).toBe(base.instruction)
    expect(byName('chatOpenAI')[0]!.data).toMatchObject({ credential: 'cred-1', inputs: { modelName: 'gpt-4o-mini' } })
    expect(byName('customTool')[0]!.data.inputs.selectedTool).toBe('tool-1')
    expect(byName('documentStoreVS').map((node) => node.data.inputs.selectedStore)).toEqual([
      's1:Staff Handbook',
      's2:Staff handbook',
    ])
    expect(byName('retrieverTool').map((node) => node.data.inputs.name)).toEqual(['staff_handbook', 'staff_handbook_2'])
    expect(byName('retrieverTool')[1]!.data.inputs.description).toBe(
      'Searches Staff handbook for passages that answer the question.',
    )
    const agent = byName('toolAgent')[0]!.id
    expect(flow.edges.filter((edge) => edge.target === agent && edge.targetHandle.endsWith('-tools-Tool'))).toHaveLength(4)
    for (const edge of flow.edges) {
      const others = flow.edges.filter((other) => other.id !== edge.id)
      expect(checkConnection(edge, flow.nodes, others)).toBeNull()
    }
  })

  it('refuses details without a chat model', () => {
    const { chatModel: _model, ...withoutModel } = base
    expect(() => buildAssistantFlow(withoutModel)).toThrow(/no chat model/)
  })
})
