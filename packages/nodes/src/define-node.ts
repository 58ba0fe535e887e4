import type { InputOption, NodeDescriptor } from '@weft/core'

/** What the server passes to a load method: the node's current inputs (when the param has loadConfig). */
export interface LoadMethodRequest {
  inputs: Record<string, unknown>
  credential?: string
  signal?: AbortSignal
}

/** Computes the options of an asyncOptions / asyncMultiOptions input. */
export type LoadMethod = (request: LoadMethodRequest) => Promise<InputOption[]>

/** What a node receives when a flow runs it; grows with the execution issue. */
export interface NodeRunContext {
  inputs: Record<string, unknown>
  signal?: AbortSignal
}

/** One catalogue entry: the descriptor is plain data; behaviour lives beside it, never inside it. */
export interface NodeDefinition {
  descriptor: NodeDescriptor
  loadMethods?: Record<string, LoadMethod>
  run: (context: NodeRunContext) => Promise<unknown>
}

/** Declares a node; exists so each node file is type-checked against NodeDefinition where it is written. */
export function defineNode(definition: NodeDefinition): NodeDefinition {
  return definition
}

/** What `run` throws for a node whose execution has not been written yet. */
export class NotRunnableYetError extends Error {
  constructor(nodeLabel = 'This node') {
    super(`${nodeLabel} cannot run yet: running flows arrives in a later version of Weft.`)
    this.name = 'NotRunnableYetError'
  }
}

/** The `run` of every node that cannot run yet. */
export async function notRunnableYet(): Promise<never> {
  throw new NotRunnableYetError()
}
