import { useEffect, useState } from 'react'
import { ApiError } from '../../../api/ApiError'
import { getFlow } from '../../../api/chatflows'
import type { CanvasRoute } from '../canvasRoute'
import { useCanvasStore } from '../store/canvasStore'
import { failLoading, openFlow, parseFlowData, resetCanvas, startLoading } from '../store/openFlow'
import type { FlowDraft } from './draft'

const isShown = (id: string, route: CanvasRoute) => {
  const state = useCanvasStore.getState()
  return state.status === 'ready' && state.record?.id === id && state.kind === route.kind
}

/**
 * Puts the flow of the route in the canvas store: the saved flow `id`, or a new flow (empty, or the
 * draft handed over). A flow the store already shows (just saved under this id) is kept as it is.
 * Gives a retry for a load that failed.
 */
export function useFlowLoader(route: CanvasRoute, id: string | undefined, draft: FlowDraft | undefined) {
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (!id) {
      openFlow({ kind: route.kind, record: null, name: draft?.name ?? '', flow: parseFlowData(draft?.flowData), dirty: !!draft })
      return
    }
    if (isShown(id, route)) return
    let cancelled = false
    startLoading(route.kind)
    const load = async () => {
      try {
        const record = await getFlow(id)
        if (!cancelled) openFlow({ kind: route.kind, record, name: record.name, flow: parseFlowData(record.flowData) })
      } catch (error) {
        if (!cancelled) failLoading(error instanceof ApiError && error.status === 404 ? 'notFound' : 'error')
      }
    }
    void load()
    return () => {
      cancelled = true
    }
  }, [route, id, draft, attempt])

  useEffect(() => resetCanvas, [])

  return { retry: () => setAttempt((count) => count + 1) }
}
