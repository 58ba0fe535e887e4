import ThumbDownOutlined from '@mui/icons-material/ThumbDownOutlined'
import ThumbUpOutlined from '@mui/icons-material/ThumbUpOutlined'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ChatMessageFeedback, ChatMessageStatus, ChatMessageWithFeedback } from '@weft/core'
import { fullDate } from '../flows/fromNow'
import MessageText from '../chat/MessageText'
import SourceDocumentChips from '../chat/SourceDocumentChips'
import UsedToolChips from '../chat/UsedToolChips'

const STATUS: Partial<Record<ChatMessageStatus, { label: string; color: 'warning' | 'error' | 'default' | 'info' }>> = {
  interrupted: { label: 'Interrupted', color: 'warning' },
  failed: { label: 'Failed', color: 'error' },
  stopped: { label: 'Stopped', color: 'default' },
  inProgress: { label: 'In progress', color: 'info' },
}

function FeedbackNote({ feedback }: { feedback: ChatMessageFeedback }) {
  const positive = feedback.rating === 'THUMBS_UP'
  const label = positive ? 'Positive' : 'Negative'
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5, maxWidth: '100%' }}>
      <Chip
        size="small"
        variant="outlined"
        color={positive ? 'success' : 'error'}
        icon={positive ? <ThumbUpOutlined /> : <ThumbDownOutlined />}
        label={label}
        aria-label={`Feedback: ${label.toLowerCase()}`}
      />
      {feedback.content && (
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}>
          “{feedback.content}”
        </Typography>
      )}
    </Stack>
  )
}

/** One stored message drawn like the chat: the user's on the right, the flow's on the left with what it used. */
export default function StoredMessage({ message }: { message: ChatMessageWithFeedback }) {
  const mine = message.role === 'userMessage'
  const status = message.status ? STATUS[message.status] : undefined
  return (
    <Box
      data-role={mine ? 'user' : 'bot'}
      sx={{ display: 'flex', flexDirection: 'column', alignItems: mine ? 'flex-end' : 'flex-start' }}
    >
      <Box sx={{ maxWidth: '85%', minWidth: 0, display: 'flex', flexDirection: 'column', alignItems: 'inherit' }}>
        {message.content !== '' && (
          <Box
            sx={{
              px: 1.5,
              py: 1,
              borderRadius: 2,
              maxWidth: '100%',
              bgcolor: mine ? 'primary.main' : 'action.hover',
              color: mine ? 'primary.contrastText' : 'text.primary',
            }}
          >
            <MessageText text={message.content} />
          </Box>
        )}
        {message.sourceDocuments && message.sourceDocuments.length > 0 && (
          <SourceDocumentChips documents={message.sourceDocuments} />
        )}
        {message.usedTools && message.usedTools.length > 0 && <UsedToolChips tools={message.usedTools} />}
        {message.feedback && <FeedbackNote feedback={message.feedback} />}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.25 }}>
          {status && !mine && <Chip size="small" color={status.color} label={status.label} />}
          <Typography variant="caption" color="text.secondary">
            {fullDate(message.createdDate)}
          </Typography>
        </Stack>
      </Box>
    </Box>
  )
}
