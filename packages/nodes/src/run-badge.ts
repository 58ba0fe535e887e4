import { CANNOT_RUN_BADGE } from '@weft/core'
import { notRunnableYet, type NodeDefinition } from './define-node.js'

/**
 * Gives a node whose `run` is still `notRunnableYet` (the engine can only fail it) the "Cannot run yet"
 * badge, so the panel, the marketplace and the canvas say so before anyone asks. It reads the
 * implementation, not a category: once a node's run is written, its badge goes by itself.
 */
export function withRunBadge(definition: NodeDefinition): NodeDefinition {
  const runnable = definition.step !== undefined || (definition.run !== undefined && definition.run !== notRunnableYet)
  if (runnable) return definition
  return { ...definition, descriptor: { ...definition.descriptor, badge: CANNOT_RUN_BADGE } }
}
