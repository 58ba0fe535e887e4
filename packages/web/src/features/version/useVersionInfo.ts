import { useQuery } from '@tanstack/react-query'
import { getLatestRelease } from '../../api/github'
import { loggedOr } from '../../api/loggedOr'
import { getVersion } from '../../api/settings'

/**
 * The running version and the latest published release, read when the dialog opens.
 * Failures are only logged (SPEC §8); the dialog then shows a dash.
 */
export function useVersionInfo(enabled: boolean) {
  const current = useQuery({ queryKey: ['version'], queryFn: () => loggedOr('version', getVersion, null), enabled })
  const latest = useQuery({
    queryKey: ['github', 'latest-release'],
    queryFn: () => loggedOr('latest release', getLatestRelease, null),
    enabled,
    staleTime: Infinity,
  })
  return { current: current.data?.version, latest: latest.data ?? undefined }
}
