import { checkConnection, type FlowData } from '@weft/core'
import { describe, expect, it } from 'vitest'
import { listTemplates } from '../templates.js'
import { templateFlow } from './template-flow.js'

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
  it('offers at least 40 templates, 10 of each flow kind but sequential agents (4), with unique ids and names', async () => {
    const templates = await listTemplates()
    expect(templates.length).toBeGreaterThanOrEqual(40)
    expect(templates.filter((t) => t.type === 'Chatflow').length).toBeGreaterThanOrEqual(10)
    expect(templates.filter((t) => t.type === 'AgentflowV2').length).toBeGreaterThanOrEqual(10)
    expect(templates.filter((t) => t.type === 'Agentflow').length).toBeGreaterThanOrEqual(4)
    expect(new Set(templates.map((t) => t.id)).size).toBe(templates.length)
    expect(new Set(templates.map((t) => t.templateName)).size).toBe(templates.length)
  })

  it('gives each template a one-line description, use cases and categories for its card', async () => {
    for (const template of await listTemplates()) {
      expect(template.description, template.id).toMatch(/^[A-Z][^\n]{20,140}[.!?]$/)
      expect(template.usecases.length, template.id).toBeGreaterThan(0)
      expect(template.categories.length, template.id).toBeGreaterThan(0)
    }
  })

  it('covers the use cases Flowise users come with', async () => {
    const usecases = new Set((await listTemplates()).flatMap((t) => t.usecases))
    for (const usecase of [
      'Documents QnA',
      'Agent',
      'Extraction',
      'Human in the Loop',
      'Iteration',
      'Loops',
      'Hierarchical Agent Teams',
      'Interacting with API',
      'Summarization',
      'Translation',
      'Moderation',
    ]) {
      expect([...usecases]).toContain(usecase)
    }
  })

  it('places the nodes of a template apart, so its preview is tidy', async () => {
    for (const template of await listTemplates()) {
      const placed = flowOf(template.flowData).nodes.filter((node) => node.parentNode === undefined)
      const spots = placed.map((node) => `${node.position.x},${node.position.y}`)
      expect(new Set(spots).size, template.id).toBe(spots.length)
    }
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

describe('templateFlow', () => {
  it('puts a step inside an Iteration with the size the canvas draws, and refuses a chatflow node there', () => {
    const flow = templateFlow()
    const each = flow.add('iterationAgentflow', 0, 0, { iterationInput: '[1, 2]' })
    flow.resize(each, 420, 260)
    const inner = flow.addInside(each, 'llmAgentflow', 60, 90)
    const nodes = flow.build().nodes
    expect(nodes.find((node) => node.id === each)).toMatchObject({ type: 'iteration', width: 420, height: 260 })
    expect(nodes.find((node) => node.id === inner)).toMatchObject({ parentNode: each, position: { x: 60, y: 90 } })
    expect(() => flow.addInside(inner, 'llmAgentflow', 0, 0)).toThrow(/not a container/)
    expect(() => flow.resize(inner, 10, 10)).toThrow(/only a container/)
  })

  it('adds the sticky note of each canvas and connects an output into Prompt Values by reference', () => {
    const flow = templateFlow()
    expect(flow.build().nodes).toHaveLength(0)
    const note = flow.note('chatflow', 0, 0, 'Read me')
    const chain = flow.add('llmChain', 0, 400)
    flow.chooseOutput(chain, 'outputPrediction')
    const prompt = flow.add('promptTemplate', 400, 0, { template: 'Tagline for {idea}' })
    flow.connect(chain, prompt, 'promptValues')
    const built = flow.build()
    expect(built.nodes.find((node) => node.id === note)).toMatchObject({
      type: 'stickyNote',
      data: { inputs: { note: 'Read me' } },
    })
    const values = built.nodes.find((node) => node.id === prompt)!.data.inputs.promptValues
    expect(JSON.parse(String(values))).toEqual({ idea: '{{llmChain_0.data.instance}}' })
    expect(built.edges[0]!.sourceHandle).toContain('outputPrediction')
    expect(templateFlow().note('agentflowV2', 0, 0, 'x')).toBe('stickyNoteAgentflow_0')
    expect(() => flow.chooseOutput(chain, 'nothing')).toThrow(/no output nothing/)
  })
})
