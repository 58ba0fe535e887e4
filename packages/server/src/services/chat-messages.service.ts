import { onlyProcess } from './only-process.js'
import { randomUUID } from 'node:crypto'
import {
  chatStats,
  keepRatedExchanges,
  type ChatMessage,
  type ChatMessageStatus,
  type ChatMessageWithFeedback,
  type ChatSource,
  type ChatStats,
  type ChatTurn,
  type ChatType,
  type FeedbackRating,
  type FileUploadRecord,
  type SourceDocument,
  type UsedTool,
} from '@weft/core'
import type { Principal } from '../auth/principal.js'
import type { AppContext } from '../context.js'
import {
  deleteChatMessages,
  deleteChatMessagesById,
  listChatsWithFiles,
  insertChatMessages,
  interruptUnfinishedExchanges,
  listChatMessages,
  recentSessionMessages,
  updateChatMessage,
  type ChatMessageFilter,
} from '../db/repositories/chat-messages.repository.js'
import { listFeedback } from '../db/repositories/feedback.repository.js'
import type { ChatMessageRow, FlowRow } from '../db/tables.js'
import { toFeedback } from './feedback.service.js'
import { findMemberFlow } from './flow-access.service.js'
import { removeKeptFiles } from './upload-storage.js'

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
  ...(row.follow_up_prompts ? { followUpPrompts: row.follow_up_prompts } : {}),
  ...(row.file_uploads ? { fileUploads: row.file_uploads } : {}),
  // Old rows have none: the canvas is still `ui`; API and embed can no longer be told apart.
  ...(row.source ? { source: row.source } : row.chat_type === 'INTERNAL' ? { source: 'ui' as const } : {}),
})

/** A question as a run starts with it; its answer is stored at once, `inProgress`. */
export interface ExchangeStart {
  chatType: ChatType
  /** Where it was asked: see `chatSourceOf`. */
  source: ChatSource
  chatId: string
  sessionId: string
  question: string
  /** The answer's id: the one the client got in `metadata` and sends feedback on. */
  chatMessageId: string
  leadEmail?: string | undefined
  askedAt: string
  /** The files the question carried, kept before the exchange starts. */
  fileUploads?: FileUploadRecord[]
  /** The question's id when it was chosen before the run (queue mode); a new one otherwise. */
  questionId?: string
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
    source: exchange.source,
    chat_id: exchange.chatId,
    session_id: exchange.sessionId,
    lead_email: exchange.leadEmail ?? null,
    source_documents: null,
    used_tools: null,
    created_at: exchange.askedAt,
    status: 'inProgress' as const,
  }
  const questionId = exchange.questionId ?? randomUUID()
  await insertChatMessages(ctx.db, { workspaceId: flow.workspace_id }, [
    {
      ...common,
      id: questionId,
      role: 'userMessage',
      content: exchange.question,
      file_uploads: listText(exchange.fileUploads),
    },
    { ...common, id: exchange.chatMessageId, role: 'apiMessage', content: '', file_uploads: null },
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
  const startedBefore = onlyProcess(ctx)
    ? undefined
    : new Date(now - ctx.config.runTimeoutMs - INTERRUPTED_GRACE_MS).toISOString()
  const count = await interruptUnfinishedExchanges(ctx.db, INTERRUPTED_ANSWER, startedBefore)
  if (count > 0) ctx.log.warn(`${count} answer(s) were cut short when a server stopped; their chats now say so`)
}

/** On a shared database, looks again every minute; the returned function stops it. */
export function sweepInterruptedExchanges(ctx: Pick<AppContext, 'db' | 'log' | 'dialect' | 'config'>): () => void {
  if (onlyProcess(ctx)) return () => {}
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

/** What selects messages of a flow's history: GET and DELETE /chatmessage/:id, GET /stats/:id. */
export interface MessageQuery extends ChatMessageFilter {
  /** Attach each answer's feedback (null when it has none). */
  feedback?: boolean | undefined
  /** Only the answers rated so, with their questions: Flowise's feedback filter. */
  feedbackTypes?: FeedbackRating[] | undefined
}

async function selectMessages(ctx: AppContext, flow: FlowRow, query: MessageQuery): Promise<ChatMessageWithFeedback[]> {
  const scope = { workspaceId: flow.workspace_id }
  const messages = (await listChatMessages(ctx.db, scope, flow.id, query)).map(toChatMessage)
  if (!query.feedback && !query.feedbackTypes) return messages
  const feedback = new Map((await listFeedback(ctx.db, scope, flow.id)).map((row) => [row.message_id, toFeedback(row)]))
  const withFeedback = messages.map((message) => ({ ...message, feedback: feedback.get(message.id) ?? null }))
  return query.feedbackTypes ? keepRatedExchanges(withFeedback, query.feedbackTypes) : withFeedback
}

export async function listMessages(
  ctx: AppContext,
  principal: Principal,
  flowId: string,
  query: MessageQuery,
): Promise<ChatMessageWithFeedback[]> {
  const flow = await findMemberFlow(ctx, principal, flowId, 'view')
  return selectMessages(ctx, flow, query)
}

/** Flowise's counts over the messages the query selects, feedback included. */
export async function messageStats(
  ctx: AppContext,
  principal: Principal,
  flowId: string,
  query: MessageQuery,
): Promise<ChatStats> {
  const flow = await findMemberFlow(ctx, principal, flowId, 'view')
  return chatStats(await selectMessages(ctx, flow, { ...query, feedback: true }))
}

/** The images a chat kept go once no message of that chat names them any more. */
async function removeFilesOfDeletedChats(
  ctx: AppContext,
  scope: { workspaceId: string },
  flowId: string,
  before: readonly string[],
): Promise<void> {
  const still = new Set(await listChatsWithFiles(ctx.db, scope, flowId))
  await Promise.all(before.filter((chatId) => !still.has(chatId)).map((chatId) => removeKeptFiles(ctx, flowId, chatId)))
}

/**
 * Deletes the messages the query selects (a chat, a session, a source, a date range, rated answers;
 * the whole history when it selects nothing in particular), with their feedback. Answers how many
 * went, as `deleted` and as Flowise's `affected`.
 */
export async function clearMessages(
  ctx: AppContext,
  principal: Principal,
  flowId: string,
  query: MessageQuery,
): Promise<{ deleted: number; affected: number }> {
  const flow = await findMemberFlow(ctx, principal, flowId, 'update')
  const scope = { workspaceId: flow.workspace_id }
  const chatsWithFiles = await listChatsWithFiles(ctx.db, scope, flow.id)
  const deleted = query.feedbackTypes
    ? await deleteChatMessagesById(
        ctx.db,
        scope,
        flow.id,
        (await selectMessages(ctx, flow, query)).map((message) => message.id),
      )
    : await deleteChatMessages(ctx.db, scope, flow.id, query)
  await removeFilesOfDeletedChats(ctx, scope, flow.id, chatsWithFiles)
  return { deleted, affected: deleted }
}
