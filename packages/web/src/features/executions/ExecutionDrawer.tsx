import Close from '@mui/icons-material/Close'
import Delete from '@mui/icons-material/DeleteOutlined'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Drawer from '@mui/material/Drawer'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import { errorMessage, type Execution } from '@weft/core'
import { useId } from 'react'
import { ApiError } from '../../api/ApiError'
import { getExecution } from '../../api/executions'
import ExecutionDetail from './ExecutionDetail'
import { executionKey } from './executionKeys'
import { isRunning } from './executionStates'
import ResumeButton from './ResumeButton'
import ShareControl from './ShareControl'
import type { useExecutionActions } from './useExecutionActions'

// A run still going gets its new steps shown as they come.
const POLL_MS = 2000

interface ExecutionDrawerProps {
  id: string
  /** The flow's name as the list knows it, shown while the execution loads. */
  title: string
  actions: ReturnType<typeof useExecutionActions>
  onClose: () => void
}

function Actions({
  execution,
  actions,
  onClose,
}: { execution: Execution } & Omit<ExecutionDrawerProps, 'id' | 'title'>) {
  return (
    <Stack spacing={1.5} alignItems={{ xs: 'stretch', md: 'flex-end' }}>
      <ShareControl execution={execution} onShare={actions.share} />
      <Stack direction="row" spacing={1} justifyContent="flex-end">
        {execution.interrupted && (
          <ResumeButton label="Resume execution" onResume={() => actions.resume(execution.id)} />
        )}
        <Button
          size="small"
          color="error"
          variant="outlined"
          startIcon={<Delete />}
          onClick={() => void actions.remove([execution.id]).then((deleted) => deleted && onClose())}
        >
          Delete
        </Button>
      </Stack>
    </Stack>
  )
}

/** An execution opened from the list, in a wide panel over it: its steps, sharing, resume and delete. */
export default function ExecutionDrawer({ id, title, actions, onClose }: ExecutionDrawerProps) {
  const titleId = useId()
  const query = useQuery({
    queryKey: executionKey(id),
    queryFn: () => getExecution(id),
    refetchInterval: (current) => (current.state.data && isRunning(current.state.data) ? POLL_MS : false),
  })
  const execution = query.data
  const gone = query.error instanceof ApiError && query.error.status === 404

  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      // Above the app's header, which sits over the side menu.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
          sx: { width: { xs: '100%', md: 'min(1180px, 92vw)' } },
        },
      }}
    >
      <Stack
        direction="row"
        alignItems="center"
        spacing={1}
        sx={{
          px: { xs: 2, md: 3 },
          py: 2,
          borderBottom: 1,
          borderColor: 'divider',
          position: 'sticky',
          top: 0,
          bgcolor: 'background.paper',
          zIndex: 1,
        }}
      >
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
            Execution
          </Typography>
          <Typography id={titleId} variant="h4" component="h2" noWrap>
            {execution?.agentflow?.name ?? title}
          </Typography>
        </Box>
        <IconButton aria-label="Close" onClick={onClose}>
          <Close />
        </IconButton>
      </Stack>
      <Box sx={{ p: { xs: 2, md: 3 } }}>
        {execution ? (
          <ExecutionDetail
            execution={execution}
            actions={<Actions execution={execution} actions={actions} onClose={onClose} />}
          />
        ) : query.isPending ? (
          <Stack alignItems="center" sx={{ py: 8 }}>
            <CircularProgress role="status" aria-label="Loading execution" size={28} />
          </Stack>
        ) : gone ? (
          <Alert severity="info">This execution no longer exists.</Alert>
        ) : (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                Retry
              </Button>
            }
          >
            Could not load this execution: {errorMessage(query.error)}
          </Alert>
        )}
      </Box>
    </Drawer>
  )
}
