import { useQuery } from '@tanstack/react-query'
import { listApiKeys } from '../../../api/apiKeys'
import { useSession } from '../../../store/session'
import { useCan } from '../../flows/useCan'

/**
 * The workspace's API keys, asked only of users who may see them: the list answers 403 to others,
 * and the dialogs then say a key is bound without naming it.
 */
export function useApiKeys() {
  const canView = useCan('apikeys:view')
  const workspaceId = useSession((state) => state.user?.activeWorkspaceId)
  const query = useQuery({
    queryKey: ['apikeys', workspaceId],
    queryFn: () => listApiKeys(),
    enabled: canView,
  })
  return { canView, keys: query.data ?? [], isPending: canView && query.isPending, error: query.error }
}

/** The key bound to a flow, by name ('' when not known here), or null when none is bound. */
export function useBoundKey(apikeyid: string | null): { name: string } | null {
  const { keys } = useApiKeys()
  if (!apikeyid) return null
  return { name: keys.find((key) => key.id === apikeyid)?.keyName ?? '' }
}
