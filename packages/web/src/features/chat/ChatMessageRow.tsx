import Alert from '@mui/material/Alert'
import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { ChatbotMessageStyle, HumanInputAnswer } from '@weft/core'
import { memo } from 'react'
import type { ChatEntry } from './chatEntries'
import FeedbackButtons, { type FeedbackActions } from './FeedbackButtons'
import HumanInputPrompt from './HumanInputPrompt'
import MessageImages from './MessageImages'
import MessageText from './MessageText'
import SourceDocumentChips from './SourceDocumentChips'
import TypingIndicator from './TypingIndicator'
import UsedToolChips from './UsedToolChips'

interface ChatMessageRowProps {
  entry: ChatEntry
  style?: ChatbotMessageStyle
  /** Given for answers that can be rated (the canvas chat). */
  feedback?: FeedbackActions
  /** Shown instead of the real error, when the chatbot's owner chose one. */
  errorText?: string
  /** Answers the Human Input step this answer paused at; absent where the chat cannot resume a run. */
  onHumanInput?: (entryId: string, type: HumanInputAnswer['type'], feedback: string) => void
  /** The chat is answering: a paused step cannot be answered meanwhile. */
  busy?: boolean
}

/** One message: the user's on the right, the flow's on the left with what it used and its thumbs. */
function ChatMessageRow({ entry, style, feedback, errorText, onHumanInput, busy }: ChatMessageRowProps) {
  const mine = entry.role === 'userMessage'
  const waiting = entry.status === 'streaming' && entry.content === '' && !entry.error
  const done = entry.status === undefined && !entry.error
  return (
    <Box
      data-role={mine ? 'user' : 'bot'}
      sx={{ display: 'flex', gap: 1, justifyContent: mine ? 'flex-end' : 'flex-start', alignItems: 'flex-start' }}
    >
      {!mine && style?.showAvatar && style.avatarSrc && (
        <Avatar src={style.avatarSrc} alt="" sx={{ width: 28, height: 28 }} />
      )}
      <Box
        sx={{
          maxWidth: '85%',
          minWidth: 0,
          display: 'flex',
          flexDirection: 'column',
          alignItems: mine ? 'flex-end' : 'flex-start',
        }}
      >
        {entry.images && entry.images.length > 0 && <MessageImages images={entry.images} />}
        {(entry.content !== '' || waiting) && (
          <Box
            sx={{
              px: 1.5,
              py: 1,
              borderRadius: 2,
              fontSize: 'inherit',
              maxWidth: '100%',
              bgcolor: style?.backgroundColor ?? (mine ? 'primary.main' : 'action.hover'),
              color: style?.textColor ?? (mine ? 'primary.contrastText' : 'text.primary'),
            }}
          >
            {waiting ? <TypingIndicator /> : <MessageText text={entry.content} />}
          </Box>
        )}
        {entry.error && (
          <Alert severity="error" variant="outlined" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {errorText || entry.error}
          </Alert>
        )}
        {entry.status === 'stopped' && (
          <Typography variant="caption" color="text.secondary">
            Stopped
          </Typography>
        )}
        {entry.sourceDocuments && entry.sourceDocuments.length > 0 && (
          <SourceDocumentChips documents={entry.sourceDocuments} />
        )}
        {entry.usedTools && entry.usedTools.length > 0 && <UsedToolChips tools={entry.usedTools} />}
        {!mine && entry.action && (
          <HumanInputPrompt
            action={entry.action}
            answer={entry.actionAnswer}
            disabled={busy}
            onAnswer={onHumanInput && ((type, text) => onHumanInput(entry.id, type, text))}
          />
        )}
        {!mine && done && feedback && entry.messageId && (
          <FeedbackButtons messageId={entry.messageId} feedback={feedback} />
        )}
      </Box>
    </Box>
  )
}

export default memo(ChatMessageRow)
