import DeleteSweep from '@mui/icons-material/DeleteSweepOutlined'
import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import type { ChatbotView } from '@weft/core'
import { useMemo } from 'react'
import ChatConversation from '../chat/ChatConversation'
import type { FeedbackActions } from '../chat/FeedbackButtons'
import type { ChatSession } from '../chat/useChatSession'

interface ChatbotWindowProps {
  view: ChatbotView
  session: ChatSession
  /** Used only when the chatbot's feedback is on. */
  feedback?: FeedbackActions
  /** Adds the Clear chat button. */
  onClear?: () => void
  height: string | number
  /** The page's title is its one h1; the preview sits inside a dialog. */
  titleComponent?: 'h1' | 'h2'
  autoFocus?: boolean
}

/**
 * A chatbot as its visitors see it: title bar, conversation and footer, dressed by its view. The
 * public chatbot page and the configuration preview both draw this, so the preview is the page.
 */
export default function ChatbotWindow({
  view,
  session,
  feedback,
  onClear,
  height,
  titleComponent = 'h1',
  autoFocus,
}: ChatbotWindowProps) {
  const settings = useMemo(
    () => ({ welcomeMessage: view.welcomeMessage, starterPrompts: view.starterPrompts, leads: view.leads }),
    [view],
  )
  const { footer } = view
  return (
    <Paper
      elevation={2}
      sx={{
        width: '100%',
        height,
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        bgcolor: view.backgroundColor,
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 2,
          py: 1.25,
          bgcolor: view.titleBackgroundColor,
          color: view.titleTextColor,
        }}
      >
        {view.titleAvatarSrc && <Avatar src={view.titleAvatarSrc} alt="" sx={{ width: 32, height: 32 }} />}
        <Typography variant="h6" component={titleComponent} noWrap sx={{ flexGrow: 1, fontSize: '1.1rem' }}>
          {view.title}
        </Typography>
        {onClear && (
          <Tooltip title="Clear chat">
            <IconButton size="small" aria-label="Clear chat" onClick={onClear} sx={{ color: 'inherit' }}>
              <DeleteSweep fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      <ChatConversation
        session={session}
        settings={settings}
        appearance={view}
        feedback={view.feedback ? feedback : undefined}
        autoFocus={autoFocus}
      />
      <Typography
        variant="caption"
        component="p"
        textAlign="center"
        sx={{ py: 0.75, color: footer.textColor, bgcolor: view.textInput.backgroundColor }}
      >
        {footer.text}{' '}
        <Link href={footer.companyLink} target="_blank" rel="noopener" color="inherit" sx={{ fontWeight: 600 }}>
          {footer.company}
        </Link>
      </Typography>
    </Paper>
  )
}
