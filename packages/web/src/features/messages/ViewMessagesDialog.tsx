import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined'
import ForumOutlined from '@mui/icons-material/ForumOutlined'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import { errorMessage, exportChatMessages } from '@weft/core'
import { useId, useMemo, useState } from 'react'
import EmptyState from '../../components/EmptyState'
import { useCan } from '../flows/useCan'
import ConversationList, { ConversationListSkeleton } from './ConversationList'
import ConversationView, { ConversationSkeleton } from './ConversationView'
import { downloadText } from './downloadText'
import MessageFilters from './MessageFilters'
import { isFiltered, NO_FILTER, toMessageFilter } from './messageFilter'
import StatsLine from './StatsLine'
import { useDeleteConversation } from './useDeleteConversation'
import { useMessageHistory } from './useMessageHistory'

interface ViewMessagesDialogProps {
  flow: { id: string; name: string }
  onClose: () => void
}

/** Flowise's View Messages: a flow's conversations, filtered, read like the chat, deleted and exported. */
export default function ViewMessagesDialog({ flow, onClose }: ViewMessagesDialogProps) {
  const titleId = useId()
  const [choice, setChoice] = useState(NO_FILTER)
  const filter = useMemo(() => toMessageFilter(choice), [choice])
  const history = useMessageHistory(flow.id, filter)
  const [selectedKey, setSelectedKey] = useState<string>()
  const selected = history.sessions.find((session) => session.key === selectedKey) ?? history.sessions[0]
  // The server checks the flow's own type; this only spares a button the user could not use.
  const canDelete = useCan('chatflows:update,agentflows:update')
  const deleteConversation = useDeleteConversation(flow.id)

  const exportJson = () =>
    downloadText(
      JSON.stringify(exportChatMessages(history.messages), null, 2),
      `${flow.id}-Message.json`,
      'application/json',
    )

  const main = () => {
    if (history.error) {
      return (
        <Alert
          severity="error"
          sx={{ m: 2 }}
          action={
            <Button color="inherit" size="small" onClick={history.retry}>
              Retry
            </Button>
          }
        >
          The messages could not be loaded: {errorMessage(history.error)}
        </Alert>
      )
    }
    if (history.isPending) return <ConversationSkeleton />
    if (!selected && isFiltered(choice)) {
      return (
        <EmptyState
          icon={ForumOutlined}
          title="No messages match these filters"
          description="Try another source, a wider date range or all feedback."
        >
          <Button variant="outlined" onClick={() => setChoice(NO_FILTER)}>
            Clear filters
          </Button>
        </EmptyState>
      )
    }
    if (!selected) {
      return (
        <EmptyState
          icon={ForumOutlined}
          title="No messages yet"
          description="Chat with the flow on its canvas, through its API or its embedded chatbot; each conversation shows up here."
        />
      )
    }
    return (
      <ConversationView session={selected} onDelete={canDelete ? () => void deleteConversation(selected) : undefined} />
    )
  }

  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="lg"
      fullWidth
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { height: '85vh' } } }}
    >
      <DialogTitle id={titleId}>Messages of {flow.name}</DialogTitle>
      <DialogContent dividers sx={{ p: 0, display: 'flex', minHeight: 0 }}>
        <Stack sx={{ width: 340, flexShrink: 0, borderRight: 1, borderColor: 'divider', minHeight: 0 }}>
          <Stack spacing={1.5} sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>
            <MessageFilters choice={choice} onChange={setChoice} />
            <StatsLine stats={history.stats} failed={history.statsFailed} />
          </Stack>
          <Box sx={{ flex: 1, overflowY: 'auto' }}>
            {history.isPending ? (
              <ConversationListSkeleton />
            ) : (
              <ConversationList sessions={history.sessions} selectedKey={selected?.key} onSelect={setSelectedKey} />
            )}
          </Box>
        </Stack>
        <Box sx={{ flex: 1, minWidth: 0 }}>{main()}</Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button startIcon={<FileDownloadOutlined />} disabled={history.messages.length === 0} onClick={exportJson}>
          Export JSON
        </Button>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  )
}
