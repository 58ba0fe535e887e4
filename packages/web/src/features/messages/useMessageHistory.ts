import { useQuery } from '@tanstack/react-query'
import { groupChatSessions } from '@weft/core'
import { useMemo } from 'react'
import { getFlowMessages, getFlowStats, type MessageFilter } from '../../api/messageHistory'

/** Query keys of a flow's history; deleting a conversation invalidates both. */
export const historyKeys = (flowId: string) => [
  ['flow-messages', flowId],
  ['flow-stats', flowId],
]

/** The flow's messages the filter selects, grouped into conversations, and their counts. */
export function useMessageHistory(flowId: string, filter: MessageFilter) {
  const [messagesKey, statsKey] = historyKeys(flowId)
  const messages = useQuery({
    queryKey: [...messagesKey!, filter],
    queryFn: () => getFlowMessages(flowId, filter),
  })
  const stats = useQuery({ queryKey: [...statsKey!, filter], queryFn: () => getFlowStats(flowId, filter) })
  const sessions = useMemo(() => groupChatSessions(messages.data ?? []), [messages.data])
  return {
    messages: messages.data ?? [],
    sessions,
    isPending: messages.isPending,
    error: messages.error,
    stats: stats.data,
    statsFailed: stats.isError,
    retry: () => {
      void messages.refetch()
      void stats.refetch()
    },
  }
}
