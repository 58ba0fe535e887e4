import { useQuery } from '@tanstack/react-query'
import { listExecutions } from '../../api/executions'
import { useSession } from '../../store/session'
import { toExecutionQuery, type ExecutionFilters } from './executionFilters'
import { EXECUTIONS_KEY } from './executionKeys'
import { isRunning } from './executionStates'

// Runs still going change on their own: the list looks again while one shows.
const POLL_MS = 4000

/** One page of the active workspace's executions, matching the filters. */
export function useExecutionList(filters: ExecutionFilters, page: number, limit: number) {
  const workspaceId = useSession((state) => state.user?.activeWorkspaceId)
  const query = toExecutionQuery(filters, page, limit)
  return useQuery({
    queryKey: [EXECUTIONS_KEY, workspaceId, query],
    queryFn: () => listExecutions(query),
    // Another page of the same workspace stays shown while it loads; another workspace's never does.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === workspaceId ? previous : undefined),
    refetchInterval: (current) => (current.state.data?.data?.some(isRunning) ? POLL_MS : false),
  })
}
