import { randomUUID } from 'node:crypto'
import type { ChatMessageFeedback, FeedbackRating } from '@weft/core'
import type { FastifyRequest } from 'fastify'
import type { Principal } from '../auth/principal.js'
import type { AppContext } from '../context.js'
import { findChatMessage } from '../db/repositories/chat-messages.repository.js'
import {
  feedbackRepository,
  findFeedbackOfAnyWorkspace,
  findFeedbackOfMessage,
  listFeedback,
  type FeedbackFilter,
} from '../db/repositories/feedback.repository.js'
import type { FeedbackRow } from '../db/tables.js'
import { notFound } from '../http-error.js'
import { findMemberFlow, openFlowForCaller } from './flow-access.service.js'

export interface NewFeedback {
  chatflowid: string
  chatId: string
  messageId: string
  rating: FeedbackRating
  content?: string | null | undefined
}

export interface FeedbackUpdate {
  rating?: FeedbackRating | undefined
  content?: string | null | undefined
}

export const toFeedback = (row: FeedbackRow): ChatMessageFeedback => ({
  id: row.id,
  chatflowid: row.chatflow_id,
  chatId: row.chat_id,
  messageId: row.message_id,
  rating: row.rating,
  content: row.content,
  createdDate: row.created_at,
})

/**
 * Feedback on one answer of the flow, from whoever may call the flow (the chatbot sends it). An
 * answer has one feedback: giving it again replaces the rating and comment.
 */
export async function giveFeedback(
  ctx: AppContext,
  request: FastifyRequest,
  input: NewFeedback,
): Promise<ChatMessageFeedback> {
  const { flow } = await openFlowForCaller(ctx, request, input.chatflowid)
  const scope = { workspaceId: flow.workspace_id }
  const message = await findChatMessage(ctx.db, scope, input.messageId)
  if (
    !message ||
    message.chatflow_id !== flow.id ||
    message.chat_id !== input.chatId ||
    message.role !== 'apiMessage'
  ) {
    throw notFound(`Message ${input.messageId} not found in this chat`)
  }
  const existing = await findFeedbackOfMessage(ctx.db, scope, message.id)
  const repository = feedbackRepository(ctx.db)
  if (existing) {
    const updated = await repository.update(scope, existing.id, {
      rating: input.rating,
      content: input.content ?? null,
    })
    if (!updated) throw notFound(`Feedback ${existing.id} not found`)
    return toFeedback(updated)
  }
  const row = await repository.insert(scope, {
    id: randomUUID(),
    chatflow_id: flow.id,
    chat_id: input.chatId,
    message_id: message.id,
    rating: input.rating,
    content: input.content ?? null,
    created_at: new Date().toISOString(),
  })
  return toFeedback(row)
}

/** Changes a feedback's rating or comment (the chatbot adds the comment after the thumbs). */
export async function changeFeedback(
  ctx: AppContext,
  request: FastifyRequest,
  id: string,
  update: FeedbackUpdate,
): Promise<ChatMessageFeedback> {
  const found = await findFeedbackOfAnyWorkspace(ctx.db, id)
  if (!found) throw notFound(`Feedback ${id} not found`)
  const { flow } = await openFlowForCaller(ctx, request, found.chatflow_id)
  const patch = Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined))
  const updated = await feedbackRepository(ctx.db).update({ workspaceId: flow.workspace_id }, id, patch)
  if (!updated) throw notFound(`Feedback ${id} not found`)
  return toFeedback(updated)
}

export async function listFlowFeedback(
  ctx: AppContext,
  principal: Principal,
  flowId: string,
  filter: FeedbackFilter = {},
): Promise<ChatMessageFeedback[]> {
  const flow = await findMemberFlow(ctx, principal, flowId, 'view')
  return (await listFeedback(ctx.db, { workspaceId: flow.workspace_id }, flow.id, filter)).map(toFeedback)
}
