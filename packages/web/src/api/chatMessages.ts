import type { ChatMessage } from '@weft/core'
import { api } from './http'

const path = (flowId: string, chatId: string) =>
  `/chatmessage/${encodeURIComponent(flowId)}?chatId=${encodeURIComponent(chatId)}`

/** The stored messages of one conversation with a flow, oldest first. */
export const getChatMessages = (flowId: string, chatId: string) => api.get<ChatMessage[]>(path(flowId, chatId))

/** Deletes the stored messages of one conversation. */
export const deleteChatMessages = (flowId: string, chatId: string) => api.delete<unknown>(path(flowId, chatId))
