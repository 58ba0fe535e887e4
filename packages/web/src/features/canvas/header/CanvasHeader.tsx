import SaveOutlined from '@mui/icons-material/SaveOutlined'
import IconButton from '@mui/material/IconButton'
import Tooltip from '@mui/material/Tooltip'
import { errorMessage, flowPermission } from '@weft/core'
import { updateFlow } from '../../../api/chatflows'
import { notify } from '../../../components/notifications/notify'
import { useCan } from '../../flows/useCan'
import type { CanvasRoute } from '../canvasRoute'
import { useSaveFlow } from '../save/useSaveFlow'
import ShareActions from '../share/ShareActions'
import { renameFlow } from '../store/canvasCommands'
import { useCanvasStore } from '../store/canvasStore'
import AlertDialog from './AlertDialog'
import CanvasHeaderBar from './CanvasHeaderBar'
import DirtyIndicator from './DirtyIndicator'
import FlowName from './FlowName'
import FlowSettingsMenu from './FlowSettingsMenu'
import FlowTitle from './FlowTitle'
import FlowNameDialog from '../../flows/FlowNameDialog'

// A saved flow is renamed on the server at once; a new one keeps the name for its first save.
async function rename(name: string): Promise<boolean> {
  const { record } = useCanvasStore.getState()
  if (!record) {
    renameFlow(name)
    return true
  }
  try {
    renameFlow(name, await updateFlow(record.id, { name }))
    return true
  } catch (error) {
    notify(errorMessage(error), 'error')
    return false
  }
}

/** The header of a flow's canvas; until the flow is ready it shows only the way back and the kind. */
export default function CanvasHeader({ route, ready }: { route: CanvasRoute; ready: boolean }) {
  const name = useCanvasStore((state) => state.name)
  const saved = useCanvasStore((state) => state.record !== null)
  const saving = useSaveFlow(route)
  const canCreate = useCan(flowPermission(route.flowType, 'create'))
  const canUpdate = useCan(flowPermission(route.flowType, 'update'))
  const canDelete = useCan(flowPermission(route.flowType, 'delete'))
  // The server decides; hiding what it would refuse spares the user a failed save.
  const canEdit = saved ? canUpdate : canCreate
  const title = name || `Untitled ${route.noun.toLowerCase()}`
  if (!ready) return <CanvasHeaderBar backTo={route.listPath} title={<FlowTitle>{route.noun}</FlowTitle>} />
  return (
    <>
      <CanvasHeaderBar
        backTo={route.listPath}
        title={
          <>
            {canEdit ? <FlowName name={title} onRename={rename} /> : <FlowTitle>{title}</FlowTitle>}
            <DirtyIndicator />
          </>
        }
        actions={
          <>
            <ShareActions route={route} />
            {canEdit && (
              <Tooltip title="Save flow">
                <span>
                  <IconButton
                    aria-label="Save flow"
                    color="primary"
                    disabled={saving.saving}
                    onClick={() => void saving.save()}
                  >
                    <SaveOutlined />
                  </IconButton>
                </span>
              </Tooltip>
            )}
            <FlowSettingsMenu route={route} allowed={{ canEdit, canCreate, canDelete }} />
          </>
        }
      />
      <AlertDialog message={saving.alert} onClose={saving.closeAlert} />
      {saving.askingName && (
        <FlowNameDialog
          title={`Save new ${route.noun.toLowerCase()}`}
          submitLabel="Save"
          initialName={name}
          onSubmit={saving.saveNew}
          onClose={saving.cancelName}
        />
      )}
    </>
  )
}
