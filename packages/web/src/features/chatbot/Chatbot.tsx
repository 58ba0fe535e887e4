import type { ChatbotView } from '@weft/core'
import { useConfirm } from '../../components/confirm/useConfirm'
import { useChatFeedback } from '../chat/useChatFeedback'
import { useChatSession } from '../chat/useChatSession'
import ChatbotWindow from './ChatbotWindow'

/** A public flow's chatbot, its conversation kept in this browser under `<flowId>_EXTERNAL`. */
export default function Chatbot({ flowId, view }: { flowId: string; view: ChatbotView }) {
  const session = useChatSession(flowId, 'EXTERNAL')
  const feedback = useChatFeedback(flowId, session.chatId, true)
  const confirm = useConfirm()

  async function clear() {
    const confirmed = await confirm({
      title: 'Clear this chat?',
      description: 'A new conversation starts.',
      confirmButtonName: 'Clear',
    })
    if (confirmed) await session.clear()
  }

  return (
    <ChatbotWindow
      view={view}
      session={session}
      feedback={feedback}
      onClear={() => void clear()}
      height="calc(100vh - 88px)"
      autoFocus
    />
  )
}
