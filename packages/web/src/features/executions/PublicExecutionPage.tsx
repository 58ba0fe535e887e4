import ErrorOutline from '@mui/icons-material/ErrorOutline'
import Lock from '@mui/icons-material/LockOutlined'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CircularProgress from '@mui/material/CircularProgress'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import { errorMessage } from '@weft/core'
import { useParams } from 'react-router'
import { ApiError } from '../../api/ApiError'
import { getPublicExecution } from '../../api/executions'
import EmptyState from '../../components/EmptyState'
import ExecutionDetail from './ExecutionDetail'

const isNotShared = (error: unknown) => error instanceof ApiError && [401, 403, 404].includes(error.status)

/** /execution/:id: an execution its owner shared, read-only, for anyone with the link. */
export default function PublicExecutionPage() {
  const { id = '' } = useParams()
  const query = useQuery({
    queryKey: ['publicExecution', id],
    queryFn: () => getPublicExecution(id),
    retry: (count, error) => !isNotShared(error) && count < 2,
  })

  if (query.isPending) return <CircularProgress role="status" aria-label="Loading execution" size={28} />
  if (query.isError)
    return (
      <Card sx={{ width: '100%', maxWidth: 480 }}>
        {isNotShared(query.error) ? (
          <EmptyState
            icon={Lock}
            title="This execution is not shared or does not exist"
            description="Its owner may have stopped sharing it, or the link is incomplete. Ask them for the link again."
          />
        ) : (
          <EmptyState icon={ErrorOutline} title="Could not load this execution" description={errorMessage(query.error)}>
            <Button variant="outlined" onClick={() => void query.refetch()}>
              Retry
            </Button>
          </EmptyState>
        )}
      </Card>
    )

  const execution = query.data
  return (
    <Box sx={{ width: '100%', maxWidth: 1240, alignSelf: 'flex-start', py: { xs: 1, md: 3 } }}>
      <Typography variant="overline" color="text.secondary">
        Shared execution
      </Typography>
      <Typography variant="h2" component="h1" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
        {execution.agentflow?.name ?? 'Execution'}
      </Typography>
      <ExecutionDetail execution={execution} />
    </Box>
  )
}
