import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { addEdge } from './add-edge.js'
import { checkConnection, CONNECTION_PROBLEM_MESSAGES, isValidConnection } from './check-connection.js'
import {
  calculator,
  chatOpenAI,
  connectionBetween,
  flowOf,
  llmAgentflow,
  llmChain,
  makeNode,
  promptTemplate,
  startAgentflow,
  stickyNote,
  textNode,
  toolAgent,
} from './test-fixtures.js'
import { pickConnection, randomFlow } from './test-flows.js'
import { wouldCreateCycle } from './would-create-cycle.js'

const chatflow = flowOf([
  makeNode(chatOpenAI, 'chatOpenAI_0'),
  makeNode(promptTemplate, 'promptTemplate_0'),
  makeNode(llmChain, 'llmChain_0'),
  makeNode(llmChain, 'llmChain_1'),
  makeNode(toolAgent, 'toolAgent_0'),
  makeNode(calculator, 'calculator_0'),
  makeNode(calculator, 'calculator_1'),
])
const text = textNode.inputs[0]!
const check = (flow: typeof chatflow, connection: ReturnType<typeof connectionBetween>) =>
  checkConnection(connection, flow.nodes, flow.edges)

describe('checkConnection (SPEC §5)', () => {
  it('allows an output into an input that shares a class', () => {
    expect(check(chatflow, connectionBetween(chatflow, 'chatOpenAI_0', 'llmChain_0', 'model'))).toBeNull()
    expect(check(chatflow, connectionBetween(chatflow, 'promptTemplate_0', 'llmChain_0', 'prompt'))).toBeNull()
  })

  it('refuses classes that do not intersect', () => {
    expect(check(chatflow, connectionBetween(chatflow, 'promptTemplate_0', 'llmChain_0', 'model'))).toBe('type')
    expect(check(chatflow, connectionBetween(chatflow, 'calculator_0', 'toolAgent_0', 'model'))).toBe('type')
  })

  it('checks the chosen option of a node with several outputs by its own classes', () => {
    const chainOut = connectionBetween(chatflow, 'llmChain_0', 'llmChain_1', 'prompt')
    expect(chainOut.sourceHandle).toBe('llmChain_0-output-llmChain-LLMChain|BaseChain')
    expect(check(chatflow, chainOut)).toBe('type')
  })

  it('refuses a connection to the node itself', () => {
    expect(check(chatflow, connectionBetween(chatflow, 'llmChain_0', 'llmChain_0', 'model'))).toBe('self')
  })

  it('refuses a connection that would close a cycle', () => {
    const agents = flowOf([makeNode(llmAgentflow, 'llmAgentflow_0'), makeNode(llmAgentflow, 'llmAgentflow_1')])
    const flow = addEdge(agents, connectionBetween(agents, 'llmAgentflow_0', 'llmAgentflow_1'))
    expect(check(flow, connectionBetween(flow, 'llmAgentflow_1', 'llmAgentflow_0'))).toBe('cycle')
  })

  it('a single input takes one connection, a list input many', () => {
    const flow = addEdge(chatflow, connectionBetween(chatflow, 'chatOpenAI_0', 'llmChain_0', 'model'))
    const other = flowOf([...flow.nodes, makeNode(chatOpenAI, 'chatOpenAI_1')], flow.edges)
    expect(check(other, connectionBetween(other, 'chatOpenAI_1', 'llmChain_0', 'model'))).toBe('occupied')
    const oneTool = addEdge(flow, connectionBetween(flow, 'calculator_0', 'toolAgent_0', 'tools'))
    expect(check(oneTool, connectionBetween(oneTool, 'calculator_1', 'toolAgent_0', 'tools'))).toBeNull()
    expect(check(oneTool, connectionBetween(oneTool, 'calculator_0', 'toolAgent_0', 'tools'))).toBe('occupied')
  })

  it('agentflow V2 edges target the node itself: no type check, many connections', () => {
    const flow = flowOf([
      makeNode(startAgentflow, 'startAgentflow_0'),
      makeNode(llmAgentflow, 'llmAgentflow_0'),
      makeNode(llmAgentflow, 'llmAgentflow_1'),
    ])
    const first = addEdge(flow, connectionBetween(flow, 'startAgentflow_0', 'llmAgentflow_1'))
    expect(check(first, connectionBetween(first, 'llmAgentflow_0', 'llmAgentflow_1'))).toBeNull()
  })

  it('refuses handles that do not exist, and a node whose input is hidden', () => {
    const flow = flowOf([makeNode(llmAgentflow, 'llmAgentflow_0'), makeNode(startAgentflow, 'startAgentflow_0')])
    expect(check(flow, connectionBetween(flow, 'llmAgentflow_0', 'startAgentflow_0'))).toBe('missing')
    const good = connectionBetween(chatflow, 'chatOpenAI_0', 'llmChain_0', 'model')
    expect(check(chatflow, { ...good, sourceHandle: 'nope' })).toBe('missing')
    expect(check(chatflow, { ...good, targetHandle: 'nope' })).toBe('missing')
    expect(check(chatflow, { ...good, target: 'gone_0' })).toBe('missing')
    const noteFlow = flowOf([{ ...makeNode(stickyNote, 'stickyNote_0') }, ...chatflow.nodes])
    const note = noteFlow.nodes[0]!
    const hidden = flowOf([{ ...note, data: { ...note.data, hideOutput: true } }, ...chatflow.nodes])
    expect(check(hidden, { ...connectionBetween(noteFlow, 'stickyNote_0', 'llmChain_0', 'model') })).toBe('missing')
  })

  it('has a short message for every problem', () => {
    for (const message of Object.values(CONNECTION_PROBLEM_MESSAGES)) expect(message.length).toBeGreaterThan(5)
  })

  it('property: an allowed connection never makes a cycle or a self loop and never fills a taken single input', () => {
    fc.assert(
      fc.property(randomFlow(), fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat()), (flow, picks) => {
        const connection = pickConnection(flow, picks)
        if (!connection || !isValidConnection(connection, flow.nodes, flow.edges)) return
        expect(connection.source).not.toBe(connection.target)
        expect(wouldCreateCycle(flow.edges, connection.source, connection.target)).toBe(false)
        const target = flow.nodes.find((node) => node.id === connection.target)!
        const anchor = target.data.inputAnchors.find((input) => input.id === connection.targetHandle)
        if (anchor && !anchor.list) {
          expect(flow.edges.some((edge) => edge.targetHandle === connection.targetHandle)).toBe(false)
        }
      }),
    )
  })
})

describe('checkConnection into a variable param (acceptVariable)', () => {
  const flow = flowOf([
    makeNode(chatOpenAI, 'chatOpenAI_0'),
    makeNode(calculator, 'calculator_0'),
    makeNode(llmChain, 'llmChain_0'),
    makeNode(promptTemplate, 'promptTemplate_0'),
    makeNode(textNode, 'textNode_0'),
  ])

  it('takes any output, with no class in common, and several of them', () => {
    const fromChain = connectionBetween(flow, 'llmChain_0', 'promptTemplate_0', 'promptValues')
    expect(fromChain.targetHandle).toBe('promptTemplate_0-input-promptValues-json')
    expect(check(flow, fromChain)).toBeNull()
    const once = addEdge(flow, fromChain)
    expect(check(once, connectionBetween(once, 'calculator_0', 'promptTemplate_0', 'promptValues'))).toBeNull()
    expect(check(once, connectionBetween(once, 'chatOpenAI_0', 'textNode_0', 'text'))).toBeNull()
    expect(check(once, fromChain)).toBe('occupied')
  })

  it('still refuses self loops and cycles, and params that do not accept variables', () => {
    expect(check(flow, connectionBetween(flow, 'promptTemplate_0', 'promptTemplate_0', 'promptValues'))).toBe('self')
    const chained = addEdge(flow, connectionBetween(flow, 'promptTemplate_0', 'llmChain_0', 'prompt'))
    expect(check(chained, connectionBetween(chained, 'llmChain_0', 'promptTemplate_0', 'promptValues'))).toBe('cycle')
    expect(check(flow, connectionBetween(flow, 'chatOpenAI_0', 'promptTemplate_0', 'template'))).toBe('missing')
  })

  it('agentflow V2 steps are not connected to through their params', () => {
    const step = makeNode({ ...llmAgentflow, inputs: [{ ...text, name: 'content' }] }, 'llmAgentflow_0')
    const agents = flowOf([makeNode(llmAgentflow, 'llmAgentflow_1'), step])
    expect(check(agents, connectionBetween(agents, 'llmAgentflow_1', 'llmAgentflow_0', 'content'))).toBe('missing')
  })
})

describe('checkConnection on node targets', () => {
  it('only agentflow V2 steps take edges on the node itself', () => {
    const flow = flowOf([makeNode(chatOpenAI, 'chatOpenAI_0'), makeNode(llmChain, 'llmChain_0')])
    expect(check(flow, connectionBetween(flow, 'chatOpenAI_0', 'llmChain_0'))).toBe('missing')
  })
})
