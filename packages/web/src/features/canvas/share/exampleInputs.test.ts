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
    { label: 'Max tokens', name: 'maxTokens', type: 'number' },
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
  it('lists plain inputs in node order with values of their type, leaving out secrets and anchors', () => {
    const flow = flowOf([chatModel, 'chatOpenAI_0'], [llmChain, 'llmChain_0'], [promptTemplate, 'promptTemplate_0'])
    expect(exampleInputs(flow, allowAll(flow))).toEqual([
      { name: 'temperature', value: 0.7 },
      { name: 'template', value: 'example' },
    ])
  })

  it('shows at most 4 inputs (SPEC §9) and each name once', () => {
    const flow = flowOf([chatModel, 'chatOpenAI_0'], [chatModel, 'chatOpenAI_1'], [settings, 'settings_0'])
    const inputs = exampleInputs(flow, allowAll(flow))
    expect(inputs).toHaveLength(MAX_EXAMPLE_INPUTS)
    expect(inputs.map((input) => input.name)).toEqual(['temperature', 'modelName', 'streaming', 'extra'])
    expect(inputs.map((input) => input.value)).toEqual([0.7, 'a', true, {}])
  })

  it('uses the value the node holds when it fits the type', () => {
    const flow = flowOf([settings, 'settings_0'])
    flow.nodes[0]!.data.inputs = { modelName: 'b', streaming: false, maxTokens: '256' }
    expect(exampleInputs(flow, allowAll(flow), 10)).toContainEqual({ name: 'modelName', value: 'b' })
    expect(exampleInputs(flow, allowAll(flow), 10)).toContainEqual({ name: 'streaming', value: false })
    expect(exampleInputs(flow, allowAll(flow), 10)).toContainEqual({ name: 'maxTokens', value: 256 })
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
    expect(exampleInputs(flow, allowAll(flow)).map((input) => input.name)).toEqual([
      'modelName',
      'streaming',
      'maxTokens',
    ])
  })
})
