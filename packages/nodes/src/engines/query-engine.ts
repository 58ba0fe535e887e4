import type { InputParam, SourceDocument, TokenUsage } from '@weft/core'
import type { Answerer } from '../define-node.js'
import { isRecord } from '../runtime/read-input.js'
import type { SynthesisCall } from './synthesize.js'

/** What a query engine answers: the text, and the passages it read. */
export interface QueryResult {
  text: string
  sourceDocuments: SourceDocument[]
  usage: TokenUsage
}

/**
 * What the Query Engine and Sub Question Query Engine build: an ending node's answerer, and `query`
 * for the nodes that ask it again (QueryEngine Tool, Sub Question Query Engine).
 */
export interface QueryEngine extends Answerer {
  kind: 'queryEngine'
  query: (question: string, signal: AbortSignal) => Promise<QueryResult>
}

export const isQueryEngine = (value: unknown): value is QueryEngine =>
  isRecord(value) && value.kind === 'queryEngine' && typeof value.query === 'function'

/** The engine around `run`: as an ending node it streams the answer, then shows the passages if asked. */
export function queryEngineOf(
  run: (question: string, call: SynthesisCall) => Promise<QueryResult>,
  returnSources: boolean,
): QueryEngine {
  return {
    kind: 'queryEngine',
    query: (question, signal) => run(question, { signal }),
    answer: async (scope) => {
      const result = await run(scope.question, {
        signal: scope.signal,
        onToken: (data) => scope.emit({ event: 'token', data }),
        stream: scope.streaming,
      })
      const sources = returnSources ? result.sourceDocuments : []
      if (sources.length) scope.emit({ event: 'sourceDocuments', data: sources })
      return { text: result.text, usage: result.usage, ...(sources.length ? { sourceDocuments: sources } : {}) }
    },
  }
}

export const returnSourcesParam: InputParam = {
  label: 'Return Source Documents',
  name: 'returnSourceDocuments',
  type: 'boolean',
  optional: true,
}

/** The chat model input of the engines: Flowise's LlamaIndex chat models, or any of ours. */
export const engineModelParam: InputParam = {
  label: 'Chat Model',
  name: 'model',
  type: 'BaseChatModel_LlamaIndex | BaseChatModel',
}
