import type { NodeRunContext } from '@weft/nodes'
import type { SourceDocument, TokenUsage, UsedTool } from '@weft/core'

// The run contract lives in @weft/nodes (define-node.ts); its index exports only NodeRunContext and
// NodeDefinition, so the other names are derived from them or restated structurally here.

export type RunScope = NodeRunContext['scope']
export type MemoryStore = RunScope['memory']

/** What an ending node's `answer` resolves with (the nodes' `Answer`). */
export interface Answer {
  text: string
  json?: unknown
  sourceDocuments?: SourceDocument[]
  usedTools?: UsedTool[]
  usage?: TokenUsage
}

/** The value of a node that can end a flow (the nodes' `Answerer`). */
export interface Answerer {
  answer: (scope: RunScope) => Promise<Answer>
}

export const isAnswerer = (value: unknown): value is Answerer =>
  typeof value === 'object' && value !== null && typeof (value as Answerer).answer === 'function'
