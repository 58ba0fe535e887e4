import { randomUUID } from 'node:crypto'
import type { ChatMessage, ChatMessageStatus, ChatTurn, ChatType, SourceDocument, UsedTool } from '@weft/core'
import type { Principal } from '../auth/principal.js'
import type { AppContext } from '../context.js'
import {
  deleteChatMessages,
  insertChatMessages,
  interruptUnfinishedExchanges,
  listChatMessages,
  recentSessionMessages,
  updateChatMessage,
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
  ...(row.status === 'complete' ? {} : { status: row.status }),
})

/** A question as a run starts with it; its answer is stored at once, `inProgress`. */
export interface ExchangeStart {
  chatType: ChatType
  chatId: string
  sessionId: string
  question: string
  /** The answer's id: the one the client got in `metadata` and sends feedback on. */
  chatMessageId: string
  leadEmail?: string | undefined
  askedAt: string
}

/** How a run ended: its answer, what had arrived when the caller stopped it, or why it failed. */
export interface ExchangeOutcome {
  status: Extract<ChatMessageStatus, 'complete' | 'stopped' | 'failed'>
  /** The answer; for `failed`, the error the caller was shown. */
  text: string
  sourceDocuments?: SourceDocument[] | undefined
  usedTools?: UsedTool[] | undefined
}

/** What the answer of an exchange the server never finished says in the chat history. */
export const INTERRUPTED_ANSWER = 'This answer was interrupted: the server stopped before it was complete.'

/**
 * Stores the question and an `inProgress` answer in the flow's chat history as the run starts, so a
 * server that dies mid-run still leaves the question behind. Answers the question's id.
 */
export async function startExchange(
  ctx: Pick<AppContext, 'db'>,
  flow: FlowRow,
  exchange: ExchangeStart,
): Promise<string> {
  const common = {
    chatflow_id: flow.id,
    chat_type: exchange.chatType,
    chat_id: exchange.chatId,
    session_id: exchange.sessionId,
    lead_email: exchange.leadEmail ?? null,
    source_documents: null,
    used_tools: null,
    created_at: exchange.askedAt,
    status: 'inProgress' as const,
  }
  const questionId = randomUUID()
  await insertChatMessages(ctx.db, { workspaceId: flow.workspace_id }, [
    { ...common, id: questionId, role: 'userMessage', content: exchange.question },
    { ...common, id: exchange.chatMessageId, role: 'apiMessage', content: '' },
  ])
  return questionId
}

/** Writes how the run ended into its answer, and the same status into its question. */
export async function finishExchange(
  ctx: Pick<AppContext, 'db'>,
  flow: FlowRow,
  ids: { questionId: string; chatMessageId: string },
  outcome: ExchangeOutcome,
): Promise<void> {
  const scope = { workspaceId: flow.workspace_id }
  await updateChatMessage(ctx.db, scope, ids.chatMessageId, {
    status: outcome.status,
    content: outcome.text,
    source_documents: listText(outcome.sourceDocuments),
    used_tools: listText(outcome.usedTools),
    created_at: new Date().toISOString(),
  })
  await updateChatMessage(ctx.db, scope, ids.questionId, { status: outcome.status })
}

/** Past the run time limit plus this, no live server can still be answering. */
const INTERRUPTED_GRACE_MS = 60_000

/**
 * Marks the exchanges a stopped server left `inProgress` as interrupted, so their chats say what
 * happened. Run at start, before any run of this server begins. SQLite has one server, so all of
 * them are. Several servers may share PostgreSQL and another may be answering right now, so there
 * only runs older than the run time limit are marked, and `sweepInterruptedExchanges` catches the
 * rest later.
 */
export async function markInterruptedExchanges(
  ctx: Pick<AppContext, 'db' | 'log' | 'dialect' | 'config'>,
  now = Date.now(),
): Promise<void> {
  const startedBefore =
    ctx.dialect === 'sqlite' ? undefined : new Date(now - ctx.config.runTimeoutMs - INTERRUPTED_GRACE_MS).toISOString()
  const count = await interruptUnfinishedExchanges(ctx.db, INTERRUPTED_ANSWER, startedBefore)
  if (count > 0) ctx.log.warn(`${count} answer(s) were cut short when a server stopped; their chats now say so`)
}

/** On a shared database, looks again every minute; the returned function stops it. */
export function sweepInterruptedExchanges(ctx: Pick<AppContext, 'db' | 'log' | 'dialect' | 'config'>): () => void {
  if (ctx.dialect === 'sqlite') return () => {}
  const timer = setInterval(() => {
    markInterruptedExchanges(ctx).catch((error: unknown) =>
      ctx.log.error({ err: error }, 'Could not mark interrupted answers'),
    )
  }, 60_000)
  timer.unref()
  return () => clearInterval(timer)
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
