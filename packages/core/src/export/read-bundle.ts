import {
  ASSISTANT_GROUPS,
  BUNDLE_GROUPS,
  FLOW_GROUPS,
  type AssistantGroup,
  type BundleGroup,
  type BundleRecords,
  type FlowGroup,
  type LoaderRecord,
} from './bundle.js'
import {
  assistantReaders,
  chatMessageReaders,
  chunkReaders,
  customTemplateReaders,
  documentStoreReaders,
  executionReaders,
  feedbackReaders,
  flowReaders,
  loaderReaders,
  toolReaders,
  variableReaders,
} from './bundle-readers.js'
import { flowDataProblem, jsonProblem } from './flow-data-problem.js'
import { isPlainObject, readRecord, type RecordReaders } from './record-fields.js'
import type { StoreWithLoaders } from './sanitize-store.js'

/** A bundle as an import reads it: every group present, each record complete, stores with their loaders. */
export type IncomingBundle = Omit<BundleRecords, 'DocumentStore'> & { DocumentStore: StoreWithLoaders[] }

export type BundleRead = { ok: true; bundle: IncomingBundle } | { ok: false; message: string }

/** Thrown inside the reader to stop at the first problem; readBundle turns it into its answer. */
class BundleProblem extends Error {}

const isFlowGroup = (group: BundleGroup): group is FlowGroup => group in FLOW_GROUPS
const isAssistantGroup = (group: BundleGroup): group is AssistantGroup => group in ASSISTANT_GROUPS

function readersOf(group: BundleGroup, now: string): RecordReaders<unknown> {
  if (isFlowGroup(group)) return flowReaders(FLOW_GROUPS[group], now)
  if (isAssistantGroup(group)) return assistantReaders(ASSISTANT_GROUPS[group], now)
  const readers = {
    ChatMessage: chatMessageReaders(now),
    ChatMessageFeedback: feedbackReaders(now),
    CustomTemplate: customTemplateReaders(now),
    DocumentStore: documentStoreReaders(now),
    DocumentStoreFileChunk: chunkReaders,
    Execution: executionReaders(now),
    Tool: toolReaders(now),
    Variable: variableReaders(now),
  }
  return readers[group] as RecordReaders<unknown>
}

function readList<T>(list: unknown, where: string, readers: RecordReaders<T>): T[] {
  if (list === undefined || list === null) return []
  if (!Array.isArray(list)) throw new BundleProblem(`${where} must be a list of records`)
  return list.map((item, index) => {
    const read = readRecord(item, readers)
    if (!read.ok) throw new BundleProblem(`${where}[${index}]${read.field ? `.${read.field}` : ''}: ${read.problem}`)
    return read.value
  })
}

function readLoaders(store: BundleRecords['DocumentStore'][number], index: number, now: string): LoaderRecord[] {
  return readList(JSON.parse(store.loaders), `DocumentStore[${index}].loaders`, loaderReaders(store.id, now))
}

/**
 * Reads an imported "Export All" file (SPEC §3 bundle groups): a JSON object of groups, each a list
 * of records with Flowise's fields. Absent groups are empty and unknown ones are ignored, but the
 * file must hold at least one group. Answers the first problem found, naming the group, the
 * record's index and the field: `ChatFlow[2].flowData: edges[0] has target "x", which is not a node
 * of the flow`. `now` dates the records that carry no dates.
 */
export function readBundle(value: unknown, now: string): BundleRead {
  if (!isPlainObject(value)) {
    return {
      ok: false,
      message: 'The file must hold a JSON object of groups such as ChatFlow and Tool, as Export writes it',
    }
  }
  if (!BUNDLE_GROUPS.some((group) => group in value)) {
    return {
      ok: false,
      message: `The file holds none of the groups of an export (${BUNDLE_GROUPS.join(', ')}); a flow exported alone is loaded from its canvas instead`,
    }
  }
  try {
    const groups = Object.fromEntries(
      BUNDLE_GROUPS.map((group) => [group, readList(value[group], group, readersOf(group, now))]),
    ) as unknown as BundleRecords
    groups.CustomTemplate.forEach((template, index) => {
      // A Tool template holds the tool as JSON; the others hold a flow.
      const problem = template.type === 'Tool' ? jsonProblem(template.flowData) : flowDataProblem(template.flowData)
      if (problem) throw new BundleProblem(`CustomTemplate[${index}].flowData: ${problem}`)
    })
    const stores = groups.DocumentStore.map((store, index) => ({ ...store, loaders: readLoaders(store, index, now) }))
    return { ok: true, bundle: { ...groups, DocumentStore: stores } }
  } catch (error) {
    if (error instanceof BundleProblem) return { ok: false, message: error.message }
    throw error
  }
}
