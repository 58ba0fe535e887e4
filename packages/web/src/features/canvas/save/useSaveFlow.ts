import { errorMessage, flowConditionAlert } from '@weft/core'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { createFlow, updateFlow } from '../../../api/chatflows'
import { notify } from '../../../components/notifications/notify'
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
    if (record) {
      markSaved(await updateFlow(record.id, { name, flowData }), revision)
    } else {
      const created = await createFlow({ name, type: route.flowType, flowData })
      markSaved(created, revision)
      void navigate(`${route.path}/${encodeURIComponent(created.id)}`, { replace: true })
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
