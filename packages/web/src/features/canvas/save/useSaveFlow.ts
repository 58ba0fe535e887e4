import { errorMessage, flowConditionAlert, flowTooLargeMessage } from '@weft/core'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { ApiError } from '../../../api/ApiError'
import { createFlow, updateFlow } from '../../../api/chatflows'
import { notify } from '../../../components/notifications/notify'
import { useSettings } from '../../../store/settings'
import type { CanvasRoute } from '../canvasRoute'
import { toSavedFlow } from '../flowFormat'
import { markSaved } from '../store/canvasCommands'
import { useCanvasStore } from '../store/canvasStore'
import { flushPendingCommit } from '../store/commit'

/**
 * Saving the canvas: condition nodes are checked first (an alert stops the save); a new flow asks
 * for a name, is created and takes its id into the URL; a saved flow is updated.
 */
export function useSaveFlow(route: CanvasRoute) {
  const navigate = useNavigate()
  const [alert, setAlert] = useState<string | null>(null)
  const [askingName, setAskingName] = useState(false)
  const [saving, setSaving] = useState(false)

  // Throws on failure, so the name dialog can show why and stay open.
  const persist = async (name: string) => {
    flushPendingCommit()
    const { record, flow, viewport, revision } = useCanvasStore.getState()
    const flowData = JSON.stringify(toSavedFlow(flow, viewport))
    try {
      if (record) {
        markSaved(await updateFlow(record.id, { name, flowData }), revision)
      } else {
        const created = await createFlow({ name, type: route.flowType, flowData })
        markSaved(created, revision)
        void navigate(`${route.path}/${encodeURIComponent(created.id)}`, { replace: true })
      }
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 413)) throw error
      const bytes = new TextEncoder().encode(flowData).length
      throw new Error(flowTooLargeMessage(bytes, useSettings.getState().flowBodyLimitMb))
    }
    notify(`${route.noun} saved`, 'success')
  }

  const save = async () => {
    const { flow, record } = useCanvasStore.getState()
    const found = flowConditionAlert(flow)
    if (found) return setAlert(found)
    if (!record) return setAskingName(true)
    setSaving(true)
    try {
      await persist(record.name)
    } catch (error) {
      notify(errorMessage(error), 'error')
    } finally {
      setSaving(false)
    }
  }

  const saveNew = async (name: string) => {
    await persist(name)
    setAskingName(false)
  }

  return {
    save,
    saving,
    alert,
    closeAlert: () => setAlert(null),
    askingName,
    saveNew,
    cancelName: () => setAskingName(false),
  }
}
