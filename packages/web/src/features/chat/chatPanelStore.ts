import { create } from 'zustand'

interface ChatPanelState {
  open: boolean
  expanded: boolean
}

/** Whether the canvas chat panel is open: the toolbar opens it, the canvas page draws it. */
export const useChatPanel = create<ChatPanelState>()(() => ({ open: false, expanded: false }))

export const openChatPanel = () => useChatPanel.setState({ open: true })
export const toggleChatPanel = () => useChatPanel.setState((state) => ({ open: !state.open }))
export const closeChatPanel = () => useChatPanel.setState({ open: false })
export const toggleChatExpanded = () => useChatPanel.setState((state) => ({ expanded: !state.expanded }))
