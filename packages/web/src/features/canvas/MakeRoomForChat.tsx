import { useReactFlow, useStoreApi } from '@xyflow/react'
import { useEffect } from 'react'
import { CHAT_PANEL_MARGIN, CHAT_PANEL_WIDTH, useChatPanel } from '../chat/chatPanelStore'

// The smallest canvas width left beside the panel that is worth fitting the flow into.
const MIN_ROOM = 320
const EDGE = 24

/**
 * When the chat panel opens over nodes, the view moves (and zooms out if it must, never in) so the
 * whole flow sits beside the panel: a user chatting can still see every node they are testing.
 */
export default function MakeRoomForChat() {
  const open = useChatPanel((state) => state.open && !state.expanded)
  const flow = useReactFlow()
  const store = useStoreApi()

  useEffect(() => {
    if (!open) return
    const { width, transform } = store.getState()
    const [x, , zoom] = transform
    const taken = CHAT_PANEL_WIDTH + 2 * CHAT_PANEL_MARGIN
    const nodes = flow.getNodes()
    if (nodes.length === 0 || width - taken < MIN_ROOM) return
    const bounds = flow.getNodesBounds(nodes)
    const rightOnScreen = (bounds.x + bounds.width) * zoom + x
    if (rightOnScreen <= width - taken) return
    void flow.fitView({
      padding: { top: '72px', bottom: `${EDGE}px`, left: `${EDGE}px`, right: `${taken}px` },
      maxZoom: zoom,
      duration: 250,
    })
  }, [open, flow, store])

  return null
}
