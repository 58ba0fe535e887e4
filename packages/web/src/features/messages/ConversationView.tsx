import DeleteOutline from '@mui/icons-material/DeleteOutline'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import type { ChatMessageWithFeedback, ChatSession } from '@weft/core'
import SourceChips from './SourceChips'
import StoredMessage from './StoredMessage'

/** One conversation: who and where it came from, its messages in order, and its delete button. */
export default function ConversationView({
  session,
  onDelete,
}: {
  session: ChatSession<ChatMessageWithFeedback>
  /** Absent when the user may not delete messages. */
  onDelete?: (() => void) | undefined
}) {
  return (
    <Stack sx={{ height: '100%', minHeight: 0 }} role="region" aria-label="Conversation">
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <SourceChips sources={session.sources} />
            <Typography variant="subtitle2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              Session {session.key}
            </Typography>
          </Stack>
          {session.leadEmail && (
            <Typography variant="caption" color="text.secondary">
              {session.leadEmail}
            </Typography>
          )}
        </Box>
        {onDelete && (
          <Tooltip title="Delete conversation">
            <IconButton aria-label="Delete conversation" color="error" onClick={onDelete}>
              <DeleteOutline />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      <Stack spacing={1.5} sx={{ flex: 1, overflowY: 'auto', p: 2 }}>
        {session.messages.map((message) => (
          <StoredMessage key={message.id} message={message} />
        ))}
      </Stack>
    </Stack>
  )
}

/** Grey bubbles while the history loads. */
export function ConversationSkeleton() {
  return (
    <Stack spacing={2} sx={{ p: 2 }} aria-hidden>
      {[60, 80, 45, 70].map((width, index) => (
        <Skeleton
          key={index}
          variant="rounded"
          height={40}
          width={`${width}%`}
          sx={{ alignSelf: index % 2 === 0 ? 'flex-end' : 'flex-start' }}
        />
      ))}
    </Stack>
  )
}
