import type { TokenUsage } from '@weft/core'

/** A node as an observer sees it: who it is, and the settings a trace may show. */
export interface ObservedNode {
  nodeId: string
  /** The node type's name, e.g. `chatOpenAI`. */
  name: string
  label: string
  /** Only values core's `traceableParams` lets through: never a secret, a credential or an address. */
  params: Record<string, string>
}

/** The model a node called, as the AI SDK names it. */
export interface ObservedModel {
  /** E.g. `openai.chat`. */
  provider: string
  modelId: string
}

/** How a node's time in the run ended. */
export interface NodeOutcome {
  /** Why the node failed, when it did. */
  error?: unknown
  /** The tokens its model calls used, summed over the run. */
  usage?: TokenUsage
  model?: ObservedModel
}

/** One node's time in a run; ended exactly once. */
export interface NodeObservation {
  nodeEnd: (outcome: NodeOutcome) => void
}

/**
 * Watches the nodes of a run, e.g. to trace it. A chatflow starts a node when it begins to build
 * it and ends it once built, except an ending node (after its answer) and a chat model (after the
 * answer, with the tokens of every call of it). An agentflow step starts and ends around each time
 * it runs. The engine ignores an observer that throws: a run never fails because of its observer.
 */
export interface RunObserver {
  nodeStart: (node: ObservedNode) => NodeObservation
}
