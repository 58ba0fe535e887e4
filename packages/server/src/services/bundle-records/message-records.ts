import { mappedId, type ChatMessageRecord, type FeedbackRecord, type IdMap } from '@weft/core'
import type { Insertable } from 'kysely'
import type { ChatFeedbackTable, ChatMessageRow, FeedbackRow, NewChatMessageRow } from '../../db/tables.js'

/** A message as the ChatMessage group holds it; Flowise's fields Weft keeps nothing for are null. */
export const toChatMessageRecord = (row: ChatMessageRow): ChatMessageRecord => ({
  id: row.id,
  role: row.role,
  chatflowid: row.chatflow_id,
  executionId: null,
  content: row.content,
  sourceDocuments: row.source_documents,
  usedTools: row.used_tools,
  fileAnnotations: null,
  agentReasoning: null,
  fileUploads: null,
  artifacts: null,
  action: null,
  chatType: row.chat_type,
  chatId: row.chat_id,
  memoryType: null,
  sessionId: row.session_id,
  createdDate: row.created_at,
  leadEmail: row.lead_email,
  followUpPrompts: row.follow_up_prompts,
  status: row.status,
  source: row.source,
})

export const toChatMessageRow = (record: ChatMessageRecord, ids: IdMap, workspaceId: string): NewChatMessageRow => ({
  id: mappedId(ids, record.id),
  workspace_id: workspaceId,
  chatflow_id: mappedId(ids, record.chatflowid),
  role: record.role,
  content: record.content,
  source_documents: record.sourceDocuments,
  used_tools: record.usedTools,
  chat_type: record.chatType,
  chat_id: record.chatId,
  session_id: record.sessionId,
  lead_email: record.leadEmail,
  created_at: record.createdDate,
  status: record.status,
  follow_up_prompts: record.followUpPrompts,
  source: record.source,
})

export const toFeedbackRecord = (row: FeedbackRow): FeedbackRecord => ({
  id: row.id,
  chatflowid: row.chatflow_id,
  chatId: row.chat_id,
  messageId: row.message_id,
  rating: row.rating,
  content: row.content,
  createdDate: row.created_at,
})

export const toFeedbackRow = (
  record: FeedbackRecord,
  ids: IdMap,
  workspaceId: string,
): Insertable<ChatFeedbackTable> => ({
  id: mappedId(ids, record.id),
  workspace_id: workspaceId,
  chatflow_id: mappedId(ids, record.chatflowid),
  chat_id: record.chatId,
  message_id: mappedId(ids, record.messageId),
  rating: record.rating,
  content: record.content,
  created_at: record.createdDate,
})
