import { useQuery } from '@tanstack/react-query'
import { useSession } from '../../../store/session'

/**
 * A list of the active workspace, newest change first. The key holds the workspace, so switching
 * workspace never shows the previous one's items.
 */
export function useWorkspaceList<T extends { createdDate: string; updatedDate?: string }>(
  key: string,
  load: () => Promise<T[]>,
) {
  const workspaceId = useSession((state) => state.user?.activeWorkspaceId)
  const query = useQuery({
    queryKey: [key, workspaceId],
    queryFn: load,
    select: (items) =>
      [...(Array.isArray(items) ? items : [])].sort((a, b) =>
        (b.updatedDate ?? b.createdDate).localeCompare(a.updatedDate ?? a.createdDate),
      ),
  })
  return { items: query.data ?? [], isPending: query.isPending, error: query.error, refetch: query.refetch }
}
