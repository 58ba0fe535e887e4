import type { FlowData } from '@weft/core'
import type { NodeDefinition } from '@weft/nodes'
import { findEndingNode } from './find-ending-node.js'
import { wholeReference } from './node-reference.js'
import { readFlowGraph } from './prepare-chatflow.js'

const ANSWERING_CATEGORIES = new Set(['Chains', 'Agents'])

/**
 * Whether a chatflow streams its answer token by token (GET /chatflows-streaming/:id): its ending
 * node is a chain or an agent whose connected chat model has Streaming on (the default).
 */
export function isStreamable(flowData: string | FlowData, nodes: readonly NodeDefinition[]): boolean {
  try {
    const graph = readFlowGraph(flowData)
    const ending = findEndingNode(graph.nodes, graph.edges)
    const category = nodes.find((definition) => definition.descriptor.name === ending.data.name)?.descriptor.category
    if (!category || !ANSWERING_CATEGORIES.has(category)) return false
    const modelInput = ending.data.inputs?.model
    const modelId = typeof modelInput === 'string' ? wholeReference(modelInput) : undefined
    const model = graph.nodes.find((node) => node.id === modelId)
    if (!model) return false
    const streaming = model.data.inputs?.streaming
    return streaming !== false && streaming !== 'false'
  } catch {
    return false
  }
}
