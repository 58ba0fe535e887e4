import { randomUUID } from 'node:crypto'
import type { ChatMessage, ChatTurn, ChatType, SourceDocument, UsedTool } from '@weft/core'
import type { Principal } from '../auth/principal.js'
import type { AppContext } from '../context.js'
import {
  deleteChatMessages,
  insertChatMessages,
  listChatMessages,
  recentSessionMessages,
  type ChatMessageFilter,
} from '../db/repositories/chat-messages.repository.js'
import type { ChatMessageRow, FlowRow } from '../db/tables.js'
import { findMemberFlow } from './flow-access.service.js'

const parseList = <T>(text: string | null): T[] | null => {
  if (!text) return null
  try {
    const value: unknown = JSON.parse(text)
    return Array.isArray(value) ? (value as T[]) : null
  } catch {
    return null
  }
}

const listText = (list: unknown[] | undefined): string | null => (list && list.length > 0 ? JSON.stringify(list) : null)

export const toChatMessage = (row: ChatMessageRow): ChatMessage => ({
  id: row.id,
  role: row.role,
  chatflowid: row.chatflow_id,
  content: row.content,
  sourceDocuments: parseList<SourceDocument>(row.source_documents),
  usedTools: parseList<UsedTool>(row.used_tools),
  chatType: row.chat_type,
  chatId: row.chat_id,
  sessionId: row.session_id,
  leadEmail: row.lead_email,
  createdDate: row.created_at,
})

/** One question and its answer, as a run leaves them. */
export interface Exchange {
  chatType: ChatType
  chatId: string
  sessionId: string
  question: string
  /** The answer's id: the one the client got in `metadata` and sends feedback on. */
  chatMessageId: string
  text: string
  sourceDocuments?: SourceDocument[] | undefined
  usedTools?: UsedTool[] | undefined
  leadEmail?: string | undefined
  askedAt: string
}

/** Stores the question and its answer in the flow's chat history. */
export async function storeExchange(ctx: AppContext, flow: FlowRow, exchange: Exchange): Promise<void> {
  const common = {
    chatflow_id: flow.id,
    chat_type: exchange.chatType,
    chat_id: exchange.chatId,
    session_id: exchange.sessionId,
    lead_email: exchange.leadEmail ?? null,
  }
  await insertChatMessages(ctx.db, { workspaceId: flow.workspace_id }, [
    {
      ...common,
      id: randomUUID(),
      role: 'userMessage',
      content: exchange.question,
      source_documents: null,
      used_tools: null,
      created_at: exchange.askedAt,
    },
    {
      ...common,
      id: exchange.chatMessageId,
      role: 'apiMessage',
      content: exchange.text,
      source_documents: listText(exchange.sourceDocuments),
      used_tools: listText(exchange.usedTools),
      created_at: new Date().toISOString(),
    },
  ])
}

/** What memory nodes remember of a session: its stored turns, oldest first. */
export const chatMemory = (ctx: AppContext, flow: FlowRow) => ({
  async history(sessionId: string, limit?: number): Promise<ChatTurn[]> {
    const rows = await recentSessionMessages(ctx.db, { workspaceId: flow.workspace_id }, flow.id, sessionId, limit)
    return rows.map((row) => ({ role: row.role, content: row.content }))
  },
})

export async function listMessages(
  ctx: AppContext,
  principal: Principal,
  flowId: string,
  filter: ChatMessageFilter,
): Promise<ChatMessage[]> {
  const flow = await findMemberFlow(ctx, principal, flowId, 'view')
  return (await listChatMessages(ctx.db, { workspaceId: flow.workspace_id }, flow.id, filter)).map(toChatMessage)
}

/** Clears one chat of the flow, or its whole history when no chat is named. */
export async function clearMessages(
  ctx: AppContext,
  principal: Principal,
  flowId: string,
  chatId: string | undefined,
): Promise<{ deleted: number }> {
  const flow = await findMemberFlow(ctx, principal, flowId, 'update')
  return { deleted: await deleteChatMessages(ctx.db, { workspaceId: flow.workspace_id }, flow.id, chatId) }
}
