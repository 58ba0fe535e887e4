import { listCredentials } from '../../api/credentials'
import { useWorkspaceList } from '../../components/list/useWorkspaceList'

/** Every cached list of credentials starts with this key; changes invalidate it. */
export const CREDENTIALS_KEY = 'credentials'

/** The credentials of the active workspace, most recently changed first. */
export const useCredentialList = () => useWorkspaceList(CREDENTIALS_KEY, () => listCredentials())
