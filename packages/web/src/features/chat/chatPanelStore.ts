import { create } from 'zustand'

interface ChatPanelState {
  open: boolean
  expanded: boolean
}

/** The panel's width and its distance from the window's edges, in px (the canvas makes room for it). */
export const CHAT_PANEL_WIDTH = 400
export const CHAT_PANEL_MARGIN = 24

/** Whether the canvas chat panel is open: the toolbar opens it, the canvas page draws it. */
export const useChatPanel = create<ChatPanelState>()(() => ({ open: false, expanded: false }))

export const openChatPanel = () => useChatPanel.setState({ open: true })
export const toggleChatPanel = () => useChatPanel.setState((state) => ({ open: !state.open }))
export const closeChatPanel = () => useChatPanel.setState({ open: false })
export const toggleChatExpanded = () => useChatPanel.setState((state) => ({ expanded: !state.expanded }))
