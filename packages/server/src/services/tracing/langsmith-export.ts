import { Client, RunTree } from 'langsmith'
import type { OutboundFetch } from '@weft/nodes'
import type { AttributeValue, RunRecord, SpanRecord } from './run-record.js'
import * as attr from './trace-attributes.js'
import { EXPORT_TIMEOUT_MS, type LangSmithDestination } from './trace-destination.js'

type Values = Record<string, AttributeValue>

const pick = (attributes: Values, names: Record<string, string>): Values =>
  Object.fromEntries(
    Object.entries(names).flatMap(([key, name]) => (attributes[name] === undefined ? [] : [[key, attributes[name]]])),
  )

/** The run's question and answer, and what LangSmith groups threads by (`session_id`). */
function rootRun(record: SpanRecord) {
  const { attributes } = record
  return {
    name: record.name,
    run_type: 'chain',
    start_time: Math.round(record.startTime),
    end_time: Math.round(record.endTime),
    inputs: pick(attributes, { question: attr.INPUT }),
    outputs: pick(attributes, { text: attr.OUTPUT }),
    error: record.error,
    metadata: pick(attributes, {
      flow_id: attr.FLOW_ID,
      flow_name: attr.FLOW_NAME,
      chat_id: attr.CHAT_ID,
      session_id: attr.SESSION_ID,
      chat_message_id: attr.CHAT_MESSAGE_ID,
      chat_type: attr.CHAT_TYPE,
    }),
  }
}

/** A node as a LangSmith run: a model an `llm` run with its token usage, any other node a `chain`. */
function nodeRun(record: SpanRecord) {
  const { attributes } = record
  const params = Object.fromEntries(
    Object.entries(attributes)
      .filter(([name]) => name.startsWith(attr.NODE_PARAM))
      .map(([name, value]) => [name.slice(attr.NODE_PARAM.length), value]),
  )
  const inputTokens = attributes[attr.GEN_AI_INPUT_TOKENS]
  const outputTokens = attributes[attr.GEN_AI_OUTPUT_TOKENS]
  const usage =
    typeof inputTokens === 'number' && typeof outputTokens === 'number'
      ? {
          usage_metadata: {
            input_tokens: inputTokens,
            output_tokens: outputTokens,
            total_tokens: inputTokens + outputTokens,
          },
        }
      : {}
  return {
    name: record.name,
    run_type: attributes[attr.GEN_AI_REQUEST_MODEL] === undefined ? 'chain' : 'llm',
    start_time: Math.round(record.startTime),
    end_time: Math.round(record.endTime),
    inputs: params,
    outputs: usage,
    error: record.error,
    metadata: pick(attributes, {
      node_id: attr.NODE_ID,
      node_name: attr.NODE_NAME,
      ls_provider: attr.GEN_AI_SYSTEM,
      ls_model_name: attr.GEN_AI_REQUEST_MODEL,
    }),
  }
}

/**
 * Sends the run to LangSmith with its SDK: a root run for the flow and a child per node, filed
 * under the project, in one batch. The SDK calls out only through the outbound guard.
 */
export async function sendToLangSmith(
  fetch: OutboundFetch,
  destination: LangSmithDestination,
  record: RunRecord,
): Promise<void> {
  const client = new Client({
    apiUrl: destination.apiUrl,
    apiKey: destination.apiKey,
    fetchImplementation: fetch,
    autoBatchTracing: false,
    omitTracedRuntimeInfo: true,
    timeout_ms: EXPORT_TIMEOUT_MS,
    callerOptions: { maxRetries: 1 },
  })
  const root = new RunTree({ ...rootRun(record.root), project_name: destination.projectName, client })
  const children = record.nodes.map((node) => root.createChild(nodeRun(node)))
  const runCreates = [root, ...children].map((run) => {
    // Each run goes in the batch once, flat: the tree is given by parent ids and dotted order.
    const { child_runs: _nested, ...create } = run.toJSON()
    return create
  })
  await client.batchIngestRuns({ runCreates })
}
