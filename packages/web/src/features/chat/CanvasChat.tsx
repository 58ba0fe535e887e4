import { useEffect } from 'react'
import { useCanvasStore } from '../canvas/store/canvasStore'
import { clearNodeRunStates, settleRunningNodes, showRunEvent } from '../canvas/store/nodeRunStates'
import { useSavedFlowCannotRun } from '../canvas/useSavedFlowCannotRun'
import ChatPanel from './ChatPanel'
import { closeChatPanel, useChatPanel } from './chatPanelStore'
import type { RunObserver } from './useChatSession'

// An agentflow's steps light up on the canvas as the chat's run reaches them.
const lightUpCanvas: RunObserver = {
  onQuestion: clearNodeRunStates,
  onEvent: showRunEvent,
  onEnd: settleRunningNodes,
}

/** The chat panel of the canvas, drawn while open for a saved flow; leaving the canvas closes it. */
export default function CanvasChat() {
  const open = useChatPanel((state) => state.open)
  const record = useCanvasStore((state) => state.record)
  const unsaved = useCanvasStore((state) => state.isDirty)
  const cannotRun = useSavedFlowCannotRun()
  useEffect(
    () => () => {
      closeChatPanel()
      clearNodeRunStates()
    },
    [],
  )
  if (!open || !record) return null
  return (
    <ChatPanel
      key={record.id}
      flowId={record.id}
      flowName={record.name}
      chatbotConfig={record.chatbotConfig}
      unsaved={unsaved}
      cannotRun={cannotRun}
      onRun={lightUpCanvas}
    />
  )
}
