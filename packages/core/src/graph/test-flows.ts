/**
 * Example flows and fast-check generators of random valid flows for the graph tests. Not exported
 * from the package. Random flows are built the way a user builds them: nodes from the palette, then
 * connections that `checkConnection` allows, written by `addEdge`.
 */
import fc from 'fast-check'
import type { Connection, FlowData, FlowNode, NodeDescriptor } from '../types/node.js'
import { addEdge } from './add-edge.js'
import { outputHandles } from './anchors.js'
import { checkConnection } from './check-connection.js'
import {
  calculator,
  chatOpenAI,
  conditionAgentflow,
  connectionBetween,
  directReplyAgentflow,
  flowOf,
  llmAgentflow,
  llmChain,
  makeNode,
  promptTemplate,
  startAgentflow,
  targetHandles,
  textNode,
  toolAgent,
} from './test-fixtures.js'
import { uniqueNodeId } from './unique-node-id.js'

/** SPEC "Done when": chat model → LLM chain ← prompt template. */
export function chatflowExample(): FlowData {
  let flow = flowOf([
    makeNode(chatOpenAI, 'chatOpenAI_0', { x: 0, y: 0 }),
    makeNode(promptTemplate, 'promptTemplate_0', { x: 0, y: 400 }),
    makeNode(llmChain, 'llmChain_0', { x: 400, y: 200 }),
  ])
  flow = addEdge(flow, connectionBetween(flow, 'chatOpenAI_0', 'llmChain_0', 'model'))
  return addEdge(flow, connectionBetween(flow, 'promptTemplate_0', 'llmChain_0', 'prompt'))
}

const CHATFLOW_PALETTE = [chatOpenAI, promptTemplate, llmChain, toolAgent, calculator, calculator, toolAgent, textNode]
const AGENTFLOW_PALETTE = [startAgentflow, llmAgentflow, conditionAgentflow, directReplyAgentflow]

/** Random attempts: [source pick, target pick, output pick, input pick]. */
const attempts = fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat()), { minLength: 4, maxLength: 30 })

function placeNodes(palette: NodeDescriptor[], picks: number[]): FlowNode[] {
  const nodes: FlowNode[] = []
  for (const [index, pick] of picks.entries()) {
    const source = palette[pick % palette.length]!
    nodes.push(makeNode(source, uniqueNodeId(source.name, nodes), { x: index * 350, y: (pick % 3) * 250 }))
  }
  return nodes
}

/** A connection built from random picks; it may well be invalid. */
export function pickConnection(flow: FlowData, [s, t, o, i]: [number, number, number, number]): Connection | undefined {
  const source = flow.nodes[s % flow.nodes.length]!
  const target = flow.nodes[t % flow.nodes.length]!
  const outputs = outputHandles(source.data)
  const inputs = targetHandles(target)
  if (outputs.length === 0) return undefined
  const targetHandle = inputs[i % inputs.length]!
  return { source: source.id, sourceHandle: outputs[o % outputs.length]!.id, target: target.id, targetHandle }
}

/** Each try picks a target input, then one of the outputs that may connect to it. */
function connectAll(flow: FlowData, tries: [number, number, number, number][]): FlowData {
  let result = flow
  for (const [t, i, s] of tries) {
    const target = result.nodes[t % result.nodes.length]!
    const inputs = targetHandles(target)
    const targetHandle = inputs[i % inputs.length]!
    const allowed = result.nodes
      .flatMap((source) => outputHandles(source.data).map((output) => ({ source: source.id, sourceHandle: output.id })))
      .map((end) => ({ ...end, target: target.id, targetHandle }))
      .filter((connection) => checkConnection(connection, result.nodes, result.edges) === null)
    if (allowed.length > 0) result = addEdge(result, allowed[s % allowed.length]!)
  }
  return result
}

/** A random valid chatflow of 1 to 8 nodes. */
export function randomChatflow(): fc.Arbitrary<FlowData> {
  return fc
    .tuple(fc.array(fc.nat(), { minLength: 1, maxLength: 10, size: 'medium' }), attempts)
    .map(([picks, tries]) => connectAll(flowOf(placeNodes(CHATFLOW_PALETTE, picks)), tries))
}

/** A random valid agentflow V2 of 1 to 8 nodes whose LLM steps refer to other steps in their messages. */
export function randomAgentflow(): fc.Arbitrary<FlowData> {
  return fc
    .tuple(
      fc.array(fc.nat(), { minLength: 1, maxLength: 10, size: 'medium' }),
      attempts,
      fc.array(fc.nat(), { maxLength: 8 }),
    )
    .map(([picks, tries, refs]) => {
      const placed = placeNodes(AGENTFLOW_PALETTE, picks)
      const nodes = placed.map((node, index) => {
        if (node.data.name !== 'llmAgentflow') return node
        const other = placed[(refs[index] ?? index) % placed.length]!.id
        const llmMessages = [{ role: 'user', content: `Use {{ ${other} }} and {{ $flow.state.topic }}` }]
        return { ...node, data: { ...node.data, inputs: { ...node.data.inputs, llmMessages } } }
      })
      return connectAll(flowOf(nodes), tries)
    })
}

/** A random valid flow of either kind. */
export function randomFlow(): fc.Arbitrary<FlowData> {
  return fc.oneof(randomChatflow(), randomAgentflow())
}
