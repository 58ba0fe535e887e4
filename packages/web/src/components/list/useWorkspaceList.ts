import { useQuery } from '@tanstack/react-query'
import { useSession } from '../../store/session'

type Dated = { createdDate: string; updatedDate?: string }

const changedAt = (item: Dated) => item.updatedDate ?? item.createdDate

// Module-level, so the query keeps one `select` and sorts only when the data changes.
const newestFirst = <T extends Dated>(items: T[]): T[] =>
  [...(Array.isArray(items) ? items : [])].sort((a, b) => changedAt(b).localeCompare(changedAt(a)))

/**
 * A list of the active workspace, newest change first. The key holds the workspace, so switching
 * workspace never shows the previous one's items.
 */
export function useWorkspaceList<T extends Dated>(key: string, load: () => Promise<T[]>) {
  const workspaceId = useSession((state) => state.user?.activeWorkspaceId)
  const query = useQuery({ queryKey: [key, workspaceId], queryFn: load, select: newestFirst<T> })
  return { items: query.data ?? [], isPending: query.isPending, error: query.error, refetch: query.refetch }
}
