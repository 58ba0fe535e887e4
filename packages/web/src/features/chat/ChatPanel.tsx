import Close from '@mui/icons-material/Close'
import DeleteSweep from '@mui/icons-material/DeleteSweepOutlined'
import OpenInFull from '@mui/icons-material/OpenInFull'
import CloseFullscreen from '@mui/icons-material/CloseFullscreen'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Paper from '@mui/material/Paper'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import { CANNOT_RUN_EXPLANATION, chatbotView } from '@weft/core'
import { useId, useMemo, type KeyboardEvent, type ReactNode } from 'react'
import { parseChatbotConfig } from './chatAppearance'
import ChatConversation from './ChatConversation'
import { CHAT_PANEL_MARGIN, CHAT_PANEL_WIDTH, closeChatPanel, toggleChatExpanded, useChatPanel } from './chatPanelStore'
import { useChatFeedback } from './useChatFeedback'
import { useChatSession, type RunObserver } from './useChatSession'
import { useClearChat } from './useClearChat'

interface ChatPanelProps {
  flowId: string
  flowName: string
  /** The flow's stored chatbot configuration (JSON text): starter prompts, welcome, leads. */
  chatbotConfig: string | null
  unsaved: boolean
  /** The saved flow holds a node that cannot run yet: the panel says so instead of taking questions. */
  cannotRun?: boolean
  /** Follows each run, so the canvas can light up the steps of an agentflow. */
  onRun?: RunObserver
}

const WELCOME = 'Ask this flow a question to try it.'

function HeaderButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        {children}
      </IconButton>
    </Tooltip>
  )
}

/** The canvas chat: a floating panel that asks the saved flow, as the signed-in user. */
export default function ChatPanel({ flowId, flowName, chatbotConfig, unsaved, cannotRun, onRun }: ChatPanelProps) {
  const expanded = useChatPanel((state) => state.expanded)
  const session = useChatSession(flowId, 'INTERNAL', onRun)
  const feedback = useChatFeedback(flowId, session.chatId)
  const titleId = useId()
  // The builder's own greeting unless the owner set one; starter prompts and thumbs as the chatbot has them.
  const { settings, feedbackOn } = useMemo(() => {
    const parsed = parseChatbotConfig(chatbotConfig)
    const view = chatbotView(parsed, flowName)
    const welcomeMessage = parsed.welcomeMessage?.trim() ? view.welcomeMessage : WELCOME
    return {
      settings: { welcomeMessage, starterPrompts: view.starterPrompts, leads: view.leads },
      feedbackOn: view.feedback,
    }
  }, [chatbotConfig, flowName])

  const clear = useClearChat(session)

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return
    event.stopPropagation()
    closeChatPanel()
  }

  return (
    <Paper
      role="dialog"
      aria-labelledby={titleId}
      elevation={8}
      onKeyDown={onKeyDown}
      sx={{
        position: 'fixed',
        right: CHAT_PANEL_MARGIN,
        bottom: CHAT_PANEL_MARGIN,
        zIndex: (theme) => theme.zIndex.drawer,
        width: expanded
          ? 'min(960px, calc(100vw - 48px))'
          : `min(${CHAT_PANEL_WIDTH}px, calc(100vw - ${2 * CHAT_PANEL_MARGIN}px))`,
        height: expanded ? 'calc(100vh - 104px)' : 'min(600px, calc(100vh - 104px))',
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        borderRadius: 2,
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          pl: 2,
          pr: 1,
          py: 0.75,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography id={titleId} variant="subtitle1" component="h2" noWrap sx={{ flexGrow: 1, fontWeight: 600 }}>
          Chat with {flowName}
        </Typography>
        <HeaderButton label={expanded ? 'Shrink chat' : 'Expand chat'} onClick={toggleChatExpanded}>
          {expanded ? <CloseFullscreen fontSize="small" /> : <OpenInFull fontSize="small" />}
        </HeaderButton>
        <HeaderButton label="Clear chat" onClick={() => void clear()}>
          <DeleteSweep fontSize="small" />
        </HeaderButton>
        <HeaderButton label="Close chat" onClick={closeChatPanel}>
          <Close fontSize="small" />
        </HeaderButton>
      </Box>
      {unsaved && (
        <Alert severity="info" sx={{ borderRadius: 0, py: 0 }}>
          The flow has unsaved changes: the chat uses the last saved version.
        </Alert>
      )}
      {cannotRun ? (
        <Alert severity="warning" sx={{ borderRadius: 0 }}>
          This flow cannot answer questions yet. {CANNOT_RUN_EXPLANATION}
        </Alert>
      ) : (
        <ChatConversation
          session={session}
          settings={settings}
          feedback={feedbackOn ? feedback : undefined}
          autoFocus
        />
      )}
    </Paper>
  )
}
