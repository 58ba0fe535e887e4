import type { FlowData, FlowNode } from '@weft/core'
import type { NodeDefinition } from '@weft/nodes'
import { wholeReference } from './node-reference.js'
import { prepareChatflow, type PreparedChatflow } from './prepare-chatflow.js'

const ANSWERING_CATEGORIES = new Set(['Chains', 'Agents'])

/**
 * Whether a chatflow streams its answer token by token (GET /chatflows-streaming/:id): its ending
 * node is a chain or an agent whose connected chat model has Streaming on (the default). With one
 * ending node per IfElse path, every one of them must stream, as the caller asks before the run.
 */
export function isStreamable(flowData: string | FlowData, nodes: readonly NodeDefinition[]): boolean {
  try {
    const prepared = prepareChatflow(flowData)
    return prepared.endingNodeIds.every((id) => streams(prepared.nodes.get(id)!.node, prepared, nodes))
  } catch {
    return false
  }
}

function streams(ending: FlowNode, prepared: PreparedChatflow, nodes: readonly NodeDefinition[]): boolean {
  const category = nodes.find((definition) => definition.descriptor.name === ending.data.name)?.descriptor.category
  if (!category || !ANSWERING_CATEGORIES.has(category)) return false
  const modelInput = ending.data.inputs?.model
  const modelId = typeof modelInput === 'string' ? wholeReference(modelInput) : undefined
  const model = modelId === undefined ? undefined : prepared.nodes.get(modelId)?.node
  if (!model) return false
  const streaming = model.data.inputs?.streaming
  return streaming !== false && streaming !== 'false'
}
