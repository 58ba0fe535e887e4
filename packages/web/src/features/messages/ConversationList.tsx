import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ChatSession } from '@weft/core'
import { fullDate } from '../flows/fromNow'
import SourceChips from './SourceChips'

const oneLine = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const

/** The conversations the filters select: first question, source, session, size and last activity. */
export default function ConversationList({
  sessions,
  selectedKey,
  onSelect,
}: {
  sessions: ChatSession[]
  selectedKey: string | undefined
  onSelect: (key: string) => void
}) {
  return (
    <List dense disablePadding aria-label="Conversations">
      {sessions.map((session) => (
        <ListItemButton
          key={session.key}
          selected={session.key === selectedKey}
          aria-current={session.key === selectedKey ? 'true' : undefined}
          onClick={() => onSelect(session.key)}
          sx={{ display: 'block', py: 1, borderBottom: 1, borderColor: 'divider' }}
        >
          <Typography variant="body2" sx={{ ...oneLine, fontWeight: 500 }}>
            {session.firstQuestion || 'No question'}
          </Typography>
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', mt: 0.5 }}>
            <SourceChips sources={session.sources} />
            <Typography variant="caption" color="text.secondary" sx={oneLine}>
              {session.messageCount} {session.messageCount === 1 ? 'message' : 'messages'} ·{' '}
              {fullDate(session.lastDate)}
            </Typography>
          </Stack>
          <Typography
            variant="caption"
            color="text.secondary"
            component="div"
            sx={{ ...oneLine, fontFamily: 'monospace' }}
          >
            {session.key}
          </Typography>
        </ListItemButton>
      ))}
    </List>
  )
}

/** Grey rows shaped like conversations, while the history loads. */
export function ConversationListSkeleton() {
  return (
    <Stack role="status" aria-label="Loading conversations" aria-busy spacing={2} sx={{ p: 2 }}>
      {[0, 1, 2, 3].map((row) => (
        <div key={row}>
          <Skeleton variant="text" width="85%" />
          <Skeleton variant="text" width="55%" />
        </div>
      ))}
    </Stack>
  )
}
