import { FLOW_GROUPS, outsideReferences, type FlowGroup, type IncomingBundle } from '@weft/core'
import type { Kysely } from 'kysely'
import { ownedIds } from '../../db/repositories/export-import.repository.js'
import type { Database } from '../../db/tables.js'
import type { WorkspaceScope } from '../../db/workspace-repository.js'
import type { LeftBehind } from './migration-report.js'

// Records whose parent is not coming (a message of a flow deleted in Flowise, or one left behind)
// are found in one pass and left behind with the reason, before the import's own reference check.

const notHere = (what: string, id: string) => `its ${what} ${id} is neither brought nor in this workspace`

export async function withoutOrphans(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  bundle: IncomingBundle,
  leftBehind: LeftBehind[],
): Promise<IncomingBundle> {
  const outside = outsideReferences(bundle)
  const ownFlows = await ownedIds(db, scope, 'flows', outside.flowIds)
  const flows = new Set((Object.keys(FLOW_GROUPS) as FlowGroup[]).flatMap((group) => bundle[group].map((f) => f.id)))
  const hasFlow = (id: string) => flows.has(id) || ownFlows.has(id)

  const ChatMessage = bundle.ChatMessage.filter((message) => {
    if (hasFlow(message.chatflowid)) return true
    leftBehind.push({ kind: 'chatMessages', name: message.id, reason: notHere('flow', message.chatflowid) })
    return false
  })
  const Execution = bundle.Execution.filter((execution) => {
    if (hasFlow(execution.agentflowId)) return true
    leftBehind.push({ kind: 'executions', name: execution.id, reason: notHere('agentflow', execution.agentflowId) })
    return false
  })
  const messages = new Set(ChatMessage.map((message) => message.id))
  const ownMessages = await ownedIds(db, scope, 'chat_messages', outside.messageIds)
  const ChatMessageFeedback = bundle.ChatMessageFeedback.filter((feedback) => {
    const reason = !hasFlow(feedback.chatflowid)
      ? notHere('flow', feedback.chatflowid)
      : messages.has(feedback.messageId) || ownMessages.has(feedback.messageId)
        ? undefined
        : notHere('message', feedback.messageId)
    if (reason) leftBehind.push({ kind: 'feedback', name: feedback.id, reason })
    return reason === undefined
  })
  const loaders = new Map(bundle.DocumentStore.map((store) => [store.id, new Set(store.loaders.map((l) => l.id))]))
  const DocumentStoreFileChunk = bundle.DocumentStoreFileChunk.filter((chunk) => {
    if (loaders.get(chunk.storeId)?.has(chunk.docId)) return true
    leftBehind.push({
      kind: 'chunks',
      name: chunk.id,
      reason: `its document store ${chunk.storeId} or loader ${chunk.docId} is not brought`,
    })
    return false
  })
  return { ...bundle, ChatMessage, Execution, ChatMessageFeedback, DocumentStoreFileChunk }
}
