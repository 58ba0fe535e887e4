import { ASSISTANT_GROUPS, FLOW_GROUPS, type BundleGroup } from './bundle.js'
import type { IncomingBundle } from './read-bundle.js'

/** A record's id and where it sits in the file (`ChatFlow[2]`). */
interface Located {
  id: string
  where: string
}

const located = (group: BundleGroup, records: readonly { id: string }[]): Located[] =>
  records.map((record, index) => ({ id: record.id, where: `${group}[${index}]` }))

const groupsOf = (bundle: IncomingBundle, groups: readonly BundleGroup[]) =>
  groups.flatMap((group) => located(group, bundle[group]))

/** The records of each table an import writes, with where they sit in the file. */
export function recordsByKind(bundle: IncomingBundle) {
  return {
    flows: groupsOf(bundle, Object.keys(FLOW_GROUPS) as BundleGroup[]),
    assistants: groupsOf(bundle, Object.keys(ASSISTANT_GROUPS) as BundleGroup[]),
    messages: located('ChatMessage', bundle.ChatMessage),
    feedback: located('ChatMessageFeedback', bundle.ChatMessageFeedback),
    executions: located('Execution', bundle.Execution),
    stores: located('DocumentStore', bundle.DocumentStore),
    loaders: bundle.DocumentStore.flatMap((store, index) =>
      store.loaders.map((loader, at) => ({ id: loader.id, where: `DocumentStore[${index}].loaders[${at}]` })),
    ),
    chunks: located('DocumentStoreFileChunk', bundle.DocumentStoreFileChunk),
    tools: located('Tool', bundle.Tool),
    variables: located('Variable', bundle.Variable),
    templates: located('CustomTemplate', bundle.CustomTemplate),
  }
}

export type RecordKind = keyof ReturnType<typeof recordsByKind>

/** The ids of each kind the file holds. */
export function idsByKind(bundle: IncomingBundle): Record<RecordKind, string[]> {
  const kinds = recordsByKind(bundle)
  return Object.fromEntries(
    Object.entries(kinds).map(([kind, records]) => [kind, records.map((record) => record.id)]),
  ) as Record<RecordKind, string[]>
}

/**
 * Ids the file refers to without holding their records: messages, feedback and executions of
 * flows (and feedback on messages) that are already in the workspace. The importer looks them up.
 */
export function outsideReferences(bundle: IncomingBundle): { flowIds: string[]; messageIds: string[] } {
  const ids = idsByKind(bundle)
  const flows = new Set(ids.flows)
  const messages = new Set(ids.messages)
  const flowIds = [
    ...bundle.ChatMessage.map((message) => message.chatflowid),
    ...bundle.ChatMessageFeedback.map((feedback) => feedback.chatflowid),
    ...bundle.Execution.map((execution) => execution.agentflowId),
  ].filter((id) => !flows.has(id))
  const messageIds = bundle.ChatMessageFeedback.map((feedback) => feedback.messageId).filter((id) => !messages.has(id))
  return { flowIds: [...new Set(flowIds)], messageIds: [...new Set(messageIds)] }
}

/** What the caller's workspace already holds of the outside references. */
export interface WorkspaceRecords {
  flowIds: ReadonlySet<string>
  messageIds: ReadonlySet<string>
  /** Messages of the workspace that have feedback already (one feedback per answer). */
  ratedMessageIds: ReadonlySet<string>
}

function duplicateProblem(records: readonly Located[]): string | undefined {
  const first = new Map<string, string>()
  for (const record of records) {
    const earlier = first.get(record.id)
    if (earlier) return `${record.where}.id: ${record.id} is also the id of ${earlier}`
    first.set(record.id, record.where)
  }
  return undefined
}

/**
 * The first problem with the file's ids, or undefined: an id used twice for one kind of record, or
 * a reference to a record that is neither in the file nor in the workspace (a message's flow,
 * feedback's message, an execution's flow, a chunk's store and loader).
 */
export function referenceProblem(bundle: IncomingBundle, workspace: WorkspaceRecords): string | undefined {
  const kinds = recordsByKind(bundle)
  for (const records of Object.values(kinds)) {
    const problem = duplicateProblem(records)
    if (problem) return problem
  }
  const flows = new Set(kinds.flows.map((flow) => flow.id))
  const hasFlow = (id: string) => flows.has(id) || workspace.flowIds.has(id)
  const noFlow = (id: string) => `no flow ${id} is in the file or in this workspace`
  for (const [index, message] of bundle.ChatMessage.entries()) {
    if (!hasFlow(message.chatflowid)) return `ChatMessage[${index}].chatflowid: ${noFlow(message.chatflowid)}`
  }
  const messages = new Set(kinds.messages.map((message) => message.id))
  const rated = new Map<string, number>()
  for (const [index, feedback] of bundle.ChatMessageFeedback.entries()) {
    const where = `ChatMessageFeedback[${index}]`
    if (!hasFlow(feedback.chatflowid)) return `${where}.chatflowid: ${noFlow(feedback.chatflowid)}`
    if (!messages.has(feedback.messageId)) {
      if (!workspace.messageIds.has(feedback.messageId)) {
        return `${where}.messageId: no message ${feedback.messageId} is in the file or in this workspace`
      }
      if (workspace.ratedMessageIds.has(feedback.messageId))
        return `${where}.messageId: the message already has feedback`
    }
    const earlier = rated.get(feedback.messageId)
    if (earlier !== undefined) return `${where}.messageId: ChatMessageFeedback[${earlier}] rates the same message`
    rated.set(feedback.messageId, index)
  }
  for (const [index, execution] of bundle.Execution.entries()) {
    if (!hasFlow(execution.agentflowId)) return `Execution[${index}].agentflowId: ${noFlow(execution.agentflowId)}`
  }
  const loadersOf = new Map(bundle.DocumentStore.map((store) => [store.id, new Set(store.loaders.map((l) => l.id))]))
  for (const [index, chunk] of bundle.DocumentStoreFileChunk.entries()) {
    const loaders = loadersOf.get(chunk.storeId)
    if (!loaders) return `DocumentStoreFileChunk[${index}].storeId: no document store ${chunk.storeId} is in the file`
    if (!loaders.has(chunk.docId)) {
      return `DocumentStoreFileChunk[${index}].docId: the document store ${chunk.storeId} has no loader ${chunk.docId}`
    }
  }
  return undefined
}
