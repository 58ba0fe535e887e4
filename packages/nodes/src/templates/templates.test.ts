import { checkConnection, type FlowData } from '@weft/core'
import { describe, expect, it } from 'vitest'
import { listTemplates } from '../templates.js'

const NETWORK_NODES = [
  'chatOpenAI',
  'chatAnthropic',
  'chatOpenAICustom',
  'chatOllama',
  'openAIEmbeddings',
  'openAIEmbeddingsCustom',
  'ollamaEmbedding',
]

const flowOf = (text: string) => JSON.parse(text) as FlowData

describe('built-in templates', () => {
  it('offers at least 3 chatflows, 3 agentflows V2 and a sequential agents flow, with unique ids', async () => {
    const templates = await listTemplates()
    expect(templates.filter((t) => t.type === 'Chatflow').length).toBeGreaterThanOrEqual(3)
    expect(templates.filter((t) => t.type === 'AgentflowV2').length).toBeGreaterThanOrEqual(3)
    expect(templates.filter((t) => t.type === 'Agentflow').length).toBeGreaterThanOrEqual(1)
    expect(new Set(templates.map((t) => t.id)).size).toBe(templates.length)
  })

  it('uses only the offline model, so every template runs on a fresh install', async () => {
    for (const template of await listTemplates()) {
      const flow = flowOf(template.flowData)
      for (const node of flow.nodes) expect(NETWORK_NODES).not.toContain(node.data.name)
      for (const node of flow.nodes) {
        for (const key of ['llmModel', 'agentModel', 'conditionAgentModel']) {
          if (key in node.data.inputs) expect(node.data.inputs[key]).toBe('chatOffline')
        }
      }
    }
  })

  it('has only connections the canvas accepts', async () => {
    for (const template of await listTemplates()) {
      const flow = flowOf(template.flowData)
      expect(flow.edges.length).toBeGreaterThan(0)
      for (const edge of flow.edges) {
        const others = flow.edges.filter((other) => other.id !== edge.id)
        expect(checkConnection(edge, flow.nodes, others), `${template.id}: ${edge.id}`).toBeNull()
      }
    }
  })
})
