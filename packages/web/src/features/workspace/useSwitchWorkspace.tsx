import { useState } from 'react'
import { switchWorkspace } from '../../api/workspace'
import LoadingDialog from '../../components/LoadingDialog'
import { useSession } from '../../store/session'
import { useSettings } from '../../store/settings'
import SwitchErrorDialog from './SwitchErrorDialog'
import { switchFailureMessage } from './switchFailureMessage'

/**
 * SPEC §4 workspace switch: a "Switching workspace..." dialog, the session replaced, then the app
 * reloads at /. On failure an error dialog with a Logout button. Render `dialogs` once.
 */
export function useSwitchWorkspace() {
  const platform = useSettings((state) => state.platform)
  const [switching, setSwitching] = useState(false)
  const [failure, setFailure] = useState<string[] | null>(null)

  const switchTo = async (workspaceId: string) => {
    setSwitching(true)
    try {
      useSession.getState().login(await switchWorkspace(workspaceId))
      window.location.assign('/')
    } catch (error) {
      setSwitching(false)
      setFailure(switchFailureMessage(error, platform))
    }
  }

  const dialogs = (
    <>
      <LoadingDialog open={switching} message="Switching workspace..." />
      <SwitchErrorDialog lines={failure} onClose={() => setFailure(null)} />
    </>
  )
  return { switchTo, dialogs }
}
