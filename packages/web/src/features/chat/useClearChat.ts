import { errorMessage } from '@weft/core'
import { useConfirm } from '../../components/confirm/useConfirm'
import { notify } from '../../components/notifications/notify'
import type { ChatSession } from './useChatSession'

/** "Clear chat": asks first, then deletes the conversation's messages and starts a new one. */
export function useClearChat(session: Pick<ChatSession, 'clear'>) {
  const confirm = useConfirm()
  return async () => {
    const confirmed = await confirm({
      title: 'Clear this chat?',
      description: 'Its messages are deleted and a new conversation starts.',
      confirmButtonName: 'Clear',
    })
    if (!confirmed) return
    try {
      await session.clear()
    } catch (error) {
      notify(errorMessage(error), 'error')
    }
  }
}
