import {
  addEdge,
  anchorOptions,
  checkConnection,
  createFlowNode,
  outputHandles,
  type FlowData,
  type FlowNode,
} from '@weft/core'
import { nodes } from '@weft/nodes'
import { describe, expect, it } from 'vitest'
import { testRun, testServices } from '../testing/test-flow.js'
import { collectAnswer } from './collect-answer.js'
import { runChatflow } from './run-chatflow.js'

// The flow is built as the canvas builds it: nodes from the real catalogue through core's
// createFlowNode, edges checked by checkConnection and added by addEdge from the IfElse node's True
// and False handles into the prompts' Format Prompt Values, which addEdge fills with the reference.
// The engine must read the branch each edge leaves by from those very handle ids.

function node(name: string, id: string, inputs: Record<string, unknown> = {}): FlowNode {
  const definition = nodes.find((candidate) => candidate.descriptor.name === name)
  if (!definition) throw new Error(`No catalogue node named ${name}`)
  const created = createFlowNode(definition.descriptor, id, { x: 0, y: 0 })
  return { ...created, data: { ...created.data, inputs: { ...created.data.inputs, ...inputs } } }
}

function inputHandle(flow: FlowData, nodeId: string, name: string): string {
  const data = dataOf(flow, nodeId)
  const id = [...data.inputAnchors, ...data.inputParams].find((input) => input.name === name)?.id
  if (!id) throw new Error(`${nodeId} has no input ${name}`)
  return id
}

const dataOf = (flow: FlowData, nodeId: string) => flow.nodes.find((candidate) => candidate.id === nodeId)!.data
const outputAnchorOf = (flow: FlowData, nodeId: string) => dataOf(flow, nodeId).outputAnchors[0]!
const firstHandle = (flow: FlowData, nodeId: string) => outputHandles(dataOf(flow, nodeId))[0]!.id

function connect(flow: FlowData, source: string, sourceHandle: string, target: string, input: string): FlowData {
  const connection = { source, sourceHandle, target, targetHandle: inputHandle(flow, target, input) }
  expect(checkConnection(connection, flow.nodes, flow.edges)).toBeNull()
  return addEdge(flow, connection)
}

/** IfElse → (True) prompt → LLM chain, and IfElse → (False) prompt → LLM chain, on the built-in model. */
function branchingFlow(): FlowData {
  let flow: FlowData = {
    nodes: [
      node('chatOffline', 'chatOffline_0'),
      node('ifElseFunction', 'ifElseFunction_0', {
        ifFunction: 'if ($input.includes("weather")) {\n  return "sunny"\n}',
        elseFunction: 'return "unknown"',
      }),
      node('promptTemplate', 'promptTemplate_0', {
        template: 'repeat after me: The forecast is {forecast}.',
      }),
      node('promptTemplate', 'promptTemplate_1', {
        template: 'repeat after me: No forecast here, the check said {forecast}.',
      }),
      node('llmChain', 'llmChain_0'),
      node('llmChain', 'llmChain_1'),
    ],
    edges: [],
  }
  // The canvas draws these two as handles of their own, so both are connected at once.
  const [returnTrue, returnFalse] = anchorOptions(outputAnchorOf(flow, 'ifElseFunction_0'))
  expect([returnTrue?.name, returnFalse?.name]).toEqual(['returnTrue', 'returnFalse'])
  flow = connect(flow, 'ifElseFunction_0', returnTrue!.id, 'promptTemplate_0', 'promptValues')
  flow = connect(flow, 'ifElseFunction_0', returnFalse!.id, 'promptTemplate_1', 'promptValues')
  for (const index of [0, 1]) {
    const promptValues = dataOf(flow, `promptTemplate_${index}`).inputs.promptValues as string
    expect(JSON.parse(promptValues)).toEqual({ forecast: '{{ifElseFunction_0.data.instance}}' })
  }
  for (const index of [0, 1]) {
    flow = connect(flow, 'chatOffline_0', firstHandle(flow, 'chatOffline_0'), `llmChain_${index}`, 'model')
    flow = connect(
      flow,
      `promptTemplate_${index}`,
      firstHandle(flow, `promptTemplate_${index}`),
      `llmChain_${index}`,
      'prompt',
    )
  }
  // Saved as JSON text and read back, as the server stores it.
  return JSON.parse(JSON.stringify(flow)) as FlowData
}

async function ask(flow: FlowData, question: string) {
  return collectAnswer(runChatflow(testRun(flow, { question }), testServices(nodes)))
}

describe('IfElse Function drawn with its True and False handles', () => {
  it('answers from the chain on the True path when the IF code returns a value', async () => {
    const answer = await ask(branchingFlow(), 'How is the weather today?')
    expect(answer.error).toBeUndefined()
    expect(answer.text).toBe('The forecast is sunny.')
  })

  it('answers from the chain on the False path otherwise', async () => {
    const answer = await ask(branchingFlow(), 'Tell me a joke')
    expect(answer.error).toBeUndefined()
    expect(answer.text).toBe('No forecast here, the check said unknown.')
  })
})
