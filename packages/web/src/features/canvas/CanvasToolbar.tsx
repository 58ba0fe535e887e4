import ChatOutlined from '@mui/icons-material/ChatOutlined'
import GridOn from '@mui/icons-material/GridOn'
import GridOff from '@mui/icons-material/GridOff'
import Redo from '@mui/icons-material/Redo'
import Undo from '@mui/icons-material/Undo'
import IconButton from '@mui/material/IconButton'
import Paper from '@mui/material/Paper'
import Tooltip from '@mui/material/Tooltip'
import { canRedo, canUndo } from '@weft/core'
import type { ReactNode } from 'react'
import { toggleChatPanel, useChatPanel } from '../chat/chatPanelStore'
import { redoAction } from './actions/redo'
import { runAction } from './actions/runAction'
import { undoAction } from './actions/undo'
import { setSnapToGrid } from './store/canvasCommands'
import { useCanvasStore } from './store/canvasStore'

function ToolButton({ label, title = label, disabled, onClick, children, pressed }: {
  label: string
  title?: string
  disabled?: boolean
  onClick?: () => void
  children: ReactNode
  pressed?: boolean
}) {
  return (
    <Tooltip title={title}>
      {/* A disabled button gets no pointer events; the span keeps its tooltip. */}
      <span>
        <IconButton size="small" aria-label={label} aria-pressed={pressed} disabled={disabled} onClick={onClick}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  )
}

/** Undo, redo, snap to grid and chat, at the top right of the canvas. */
export default function CanvasToolbar({ editable }: { editable: boolean }) {
  const undoable = useCanvasStore((state) => canUndo(state.history))
  const redoable = useCanvasStore((state) => canRedo(state.history))
  const snapToGrid = useCanvasStore((state) => state.snapToGrid)
  const saved = useCanvasStore((state) => state.record !== null)
  const chatOpen = useChatPanel((state) => state.open)
  return (
    <Paper elevation={2} sx={{ display: 'flex', gap: 0.25, p: 0.5, borderRadius: 2 }}>
      {editable && (
        <>
          <ToolButton label="Undo" title="Undo (Ctrl+Z)" disabled={!undoable} onClick={() => runAction(undoAction)}>
            <Undo fontSize="small" />
          </ToolButton>
          <ToolButton label="Redo" title="Redo (Ctrl+Shift+Z)" disabled={!redoable} onClick={() => runAction(redoAction)}>
            <Redo fontSize="small" />
          </ToolButton>
        </>
      )}
      <ToolButton label="Snap to grid" pressed={snapToGrid} onClick={() => setSnapToGrid(!snapToGrid)}>
        {snapToGrid ? <GridOn fontSize="small" /> : <GridOff fontSize="small" />}
      </ToolButton>
      {editable && (
        // The chat asks the saved flow, so a flow never saved has nothing to ask yet.
        <ToolButton
          label="Open chat"
          title={saved ? (chatOpen ? 'Close chat' : 'Open chat') : 'Save the flow to chat with it'}
          pressed={saved ? chatOpen : undefined}
          disabled={!saved}
          onClick={toggleChatPanel}
        >
          <ChatOutlined fontSize="small" />
        </ToolButton>
      )}
    </Paper>
  )
}
