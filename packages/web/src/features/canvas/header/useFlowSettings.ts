import { errorMessage, sanitizeFlowForExport } from '@weft/core'
import { useNavigate } from 'react-router'
import { createFlow, deleteFlow } from '../../../api/chatflows'
import { useConfirm } from '../../../components/confirm/useConfirm'
import { notify } from '../../../components/notifications/notify'
import { downloadJson } from '../../export-import/downloadJson'
import type { CanvasRoute } from '../canvasRoute'
import { toSavedFlow } from '../flowFormat'
import { exportFileName, INVALID_FLOW_FILE, parseFlowFile } from '../save/flowFile'
import { discardChanges, replaceFlow } from '../store/canvasCommands'
import { useCanvasStore } from '../store/canvasStore'

const currentFlowToSave = () => {
  const { flow, viewport } = useCanvasStore.getState()
  return toSavedFlow(flow, viewport)
}

/** The commands of the "Flow settings" menu. */
export function useFlowSettings(route: CanvasRoute) {
  const navigate = useNavigate()
  const confirm = useConfirm()

  const duplicate = async () => {
    const { name } = useCanvasStore.getState()
    try {
      const copy = await createFlow({
        name: `${name} Copy`,
        type: route.flowType,
        flowData: JSON.stringify(currentFlowToSave()),
      })
      notify(`${route.noun} duplicated`, 'success')
      void navigate(`${route.path}/${encodeURIComponent(copy.id)}`)
    } catch (error) {
      notify(errorMessage(error), 'error')
    }
  }

  const exportFlow = () => {
    const { name, kind } = useCanvasStore.getState()
    downloadJson(sanitizeFlowForExport(currentFlowToSave()), exportFileName(name, kind))
  }

  const loadFile = async (file: File) => {
    const flow = parseFlowFile(await file.text())
    if (flow) replaceFlow(flow)
    else notify(INVALID_FLOW_FILE, 'error')
  }

  const remove = async () => {
    const { record, name } = useCanvasStore.getState()
    if (!record) return
    const confirmed = await confirm({
      title: 'Delete',
      description: `Delete ${route.noun.toLowerCase()} ${name}?`,
      confirmButtonName: 'Delete',
      cancelButtonName: 'Cancel',
    })
    if (!confirmed) return
    try {
      await deleteFlow(record.id)
      discardChanges()
      notify(`${route.noun} deleted`, 'success')
      void navigate(route.listPath)
    } catch (error) {
      notify(errorMessage(error), 'error')
    }
  }

  return { duplicate, exportFlow, loadFile, remove }
}
