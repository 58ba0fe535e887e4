import { describe, expect, it } from 'vitest'
import { testFlowData, testNode } from '../testing/test-flow.js'
import { isStreamable } from './is-streamable.js'

const noRun = async () => undefined
const nodes = [
  testNode('llmChain', noRun, [], 'Chains'),
  testNode('toolAgent', noRun, [], 'Agents'),
  testNode('chatOffline', noRun, [], 'Chat Models'),
  testNode('customFunction', noRun, [], 'Utilities'),
  testNode('ifElseFunction', noRun, [], 'Utilities'),
]
const flowEndingWith = (ending: string, streaming?: unknown) =>
  testFlowData([
    { id: `${ending}_0`, inputs: { model: '{{chatOffline_0.data.instance}}' } },
    { id: 'chatOffline_0', inputs: streaming === undefined ? {} : { streaming } },
  ])

describe('isStreamable', () => {
  it('is true for a chain or an agent whose model streams (the default)', () => {
    expect(isStreamable(flowEndingWith('llmChain'), nodes)).toBe(true)
    expect(isStreamable(JSON.stringify(flowEndingWith('toolAgent', true)), nodes)).toBe(true)
  })

  it('is false when the model has Streaming off', () => {
    expect(isStreamable(flowEndingWith('llmChain', false), nodes)).toBe(false)
  })

  it('is false when the flow ends with another kind of node, or cannot run', () => {
    expect(isStreamable(flowEndingWith('customFunction'), nodes)).toBe(false)
    expect(isStreamable(testFlowData([{ id: 'llmChain_0' }]), nodes)).toBe(false)
    expect(isStreamable('{not json', nodes)).toBe(false)
  })

  it('is true with one ending node per IfElse path only when every one of them streams', () => {
    const branches = (falseEnding: string) =>
      testFlowData([
        { id: 'chatOffline_0' },
        { id: 'ifElseFunction_0' },
        {
          id: 'llmChain_0',
          inputs: { model: '{{chatOffline_0.data.instance}}', prompt: '{{ifElseFunction_0.data.instance}}' },
          via: { ifElseFunction_0: 'returnTrue' },
        },
        {
          id: `${falseEnding}_1`,
          inputs: { model: '{{chatOffline_0.data.instance}}', prompt: '{{ifElseFunction_0.data.instance}}' },
          via: { ifElseFunction_0: 'returnFalse' },
        },
      ])
    expect(isStreamable(branches('toolAgent'), nodes)).toBe(true)
    expect(isStreamable(branches('customFunction'), nodes)).toBe(false)
  })
})
