import { useQueryClient } from '@tanstack/react-query'
import { errorMessage, type ChatSession } from '@weft/core'
import { deleteConversation } from '../../api/messageHistory'
import { useConfirm } from '../../components/confirm/useConfirm'
import { notify } from '../../components/notifications/notify'
import { historyKeys } from './useMessageHistory'

/** Deletes a conversation of the flow, with its feedback, once the user confirms. */
export function useDeleteConversation(flowId: string) {
  const confirm = useConfirm()
  const queryClient = useQueryClient()
  return async (session: ChatSession) => {
    const confirmed = await confirm({
      title: 'Delete conversation',
      description: 'Delete every message of this conversation, with its feedback? This cannot be undone.',
      confirmButtonName: 'Delete',
      cancelButtonName: 'Cancel',
    })
    if (!confirmed) return
    try {
      await deleteConversation(
        flowId,
        session.sessionId ? { sessionId: session.sessionId } : { chatId: session.chatId },
      )
      notify('Conversation deleted', 'success')
    } catch (error) {
      notify(`The conversation could not be deleted: ${errorMessage(error)}`, 'error')
    }
    await Promise.all(historyKeys(flowId).map((queryKey) => queryClient.invalidateQueries({ queryKey })))
  }
}
