import { createFlowNode, type FlowData, type NodeDescriptor, type OverrideConfigSetting } from '@weft/core'
import { describe, expect, it } from 'vitest'
import { chatModel, llmChain, promptTemplate } from '../testing/descriptors'
import { exampleInputs, MAX_EXAMPLE_INPUTS } from './exampleInputs'

const settings: NodeDescriptor = {
  ...chatModel,
  name: 'settings',
  label: 'Settings',
  credential: undefined,
  inputs: [
    {
      label: 'Model',
      name: 'modelName',
      type: 'options',
      options: [
        { label: 'A', name: 'a' },
        { label: 'B', name: 'b' },
      ],
    },
    { label: 'Streaming', name: 'streaming', type: 'boolean' },
    { label: 'Key', name: 'apiKey', type: 'password' },
    { label: 'Extra', name: 'extra', type: 'json' },
    { label: 'Max tokens', name: 'maxTokens', type: 'number', default: 256 },
    { label: 'Stop word', name: 'stop', type: 'string' },
    { label: 'Session Id', name: 'sessionId', type: 'string' },
  ],
}

const flowOf = (...nodes: [NodeDescriptor, string][]): FlowData => ({
  nodes: nodes.map(([descriptor, id]) => createFlowNode(descriptor, id, { x: 0, y: 0 })),
  edges: [],
})

/** A setting that lets callers override every param of every node of the flow. */
const allowAll = (flow: FlowData): OverrideConfigSetting => ({
  status: true,
  nodes: Object.fromEntries(
    flow.nodes.map((node) => [node.data.label, node.data.inputParams.map((p) => ({ ...p, enabled: true }))]),
  ),
})

describe('example inputs of the API dialog', () => {
  it('lists plain inputs in node order with the values the nodes hold, leaving out secrets and anchors', () => {
    const flow = flowOf([chatModel, 'chatOpenAI_0'], [llmChain, 'llmChain_0'], [promptTemplate, 'promptTemplate_0'])
    flow.nodes[2]!.data.inputs = { template: 'Answer briefly: {question}' }
    expect(exampleInputs(flow, allowAll(flow))).toEqual([
      { name: 'temperature', value: 0.7 },
      { name: 'template', value: 'Answer briefly: {question}' },
    ])
  })

  it('shows no made-up values: an input with no value of its type is left out', () => {
    const flow = flowOf([settings, 'settings_0'], [promptTemplate, 'promptTemplate_0'])
    flow.nodes[0]!.data.inputs = { modelName: 'not-an-option', extra: 'not json' }
    expect(exampleInputs(flow, allowAll(flow), 10)).toEqual([{ name: 'maxTokens', value: 256 }])
  })

  it('never shows streaming or sessionId as overrides: they are run options', () => {
    const flow = flowOf([settings, 'settings_0'])
    flow.nodes[0]!.data.inputs = { streaming: true, sessionId: 'user-1', stop: 'END' }
    expect(exampleInputs(flow, allowAll(flow), 10).map((input) => input.name)).toEqual(['maxTokens', 'stop'])
  })

  it('shows at most 4 inputs (SPEC §9) and each name once', () => {
    const flow = flowOf([chatModel, 'chatOpenAI_0'], [chatModel, 'chatOpenAI_1'], [settings, 'settings_0'])
    flow.nodes[2]!.data.inputs = { modelName: 'b', extra: { a: 1 }, stop: 'END' }
    const inputs = exampleInputs(flow, allowAll(flow))
    expect(inputs).toHaveLength(MAX_EXAMPLE_INPUTS)
    expect(inputs.map((input) => input.name)).toEqual(['temperature', 'modelName', 'extra', 'maxTokens'])
    expect(inputs.map((input) => input.value)).toEqual([0.7, 'b', { a: 1 }, 256])
  })

  it('uses the value the node holds when it fits the type', () => {
    const flow = flowOf([settings, 'settings_0'])
    flow.nodes[0]!.data.inputs = { modelName: 'b', maxTokens: '512', extra: '{"top_k": 3}' }
    expect(exampleInputs(flow, allowAll(flow), 10)).toEqual([
      { name: 'modelName', value: 'b' },
      { name: 'extra', value: { top_k: 3 } },
      { name: 'maxTokens', value: 512 },
    ])
  })

  it('skips inputs hidden by the node’s show/hide rules', () => {
    const flow = flowOf([chatModel, 'chatOpenAI_0'])
    flow.nodes[0]!.data.inputParams = flow.nodes[0]!.data.inputParams.map((param) => ({ ...param, display: false }))
    expect(exampleInputs(flow, allowAll(flow))).toEqual([])
  })

  it('shows only the inputs the flow allows, and none while overrides are off', () => {
    const flow = flowOf([settings, 'settings_0'])
    const only = (...names: string[]): OverrideConfigSetting => ({
      status: true,
      nodes: { Settings: names.map((name) => ({ label: name, name, type: 'string', enabled: true })) },
    })
    expect(exampleInputs(flow, only('maxTokens')).map((input) => input.name)).toEqual(['maxTokens'])
    expect(exampleInputs(flow, { ...only('maxTokens'), status: false })).toEqual([])
    expect(exampleInputs(flow, { status: false })).toEqual([])
  })

  it('leaves out an allowed endpoint of a node that uses a credential', () => {
    const flow = flowOf([settings, 'settings_0'])
    flow.nodes[0]!.data.credential = 'cred-1'
    flow.nodes[0]!.data.inputs = { modelName: 'a', extra: { a: 1 } }
    expect(exampleInputs(flow, allowAll(flow)).map((input) => input.name)).toEqual(['modelName', 'maxTokens'])
  })
})
