import { checkConnection, CONNECTION_PROBLEM_MESSAGES, isValidConnection, type Connection } from '@weft/core'
import type { Connection as DrawnConnection, FinalConnectionState } from '@xyflow/react'
import { notify } from '../../components/notifications/notify'
import type { CanvasEdge } from './reactFlowTypes'
import { useCanvasStore } from './store/canvasStore'

export const asConnection = (drawn: DrawnConnection | CanvasEdge): Connection => ({
  source: drawn.source,
  target: drawn.target,
  sourceHandle: drawn.sourceHandle ?? '',
  targetHandle: drawn.targetHandle ?? '',
})

/** React Flow asks this while a connection is drawn; core decides. */
export function canConnect(drawn: DrawnConnection | CanvasEdge): boolean {
  const { flow, readOnly } = useCanvasStore.getState()
  return !readOnly && isValidConnection(asConnection(drawn), flow.nodes, flow.edges)
}

/** The connection a user let go of over a handle, whichever end they started from. */
function releasedConnection(state: FinalConnectionState): Connection | null {
  const { fromHandle, toHandle } = state
  if (!fromHandle || !toHandle || fromHandle.type === toHandle.type) return null
  const [source, target] = fromHandle.type === 'source' ? [fromHandle, toHandle] : [toHandle, fromHandle]
  return { source: source.nodeId, sourceHandle: source.id ?? '', target: target.nodeId, targetHandle: target.id ?? '' }
}

/** When a connection was refused, say why, so a refused drop is not a silent mystery. */
export function explainRefusedConnection(_event: MouseEvent | TouchEvent, state: FinalConnectionState): void {
  if (state.isValid !== false) return
  const connection = releasedConnection(state)
  if (!connection) return
  const { flow } = useCanvasStore.getState()
  const problem = checkConnection(connection, flow.nodes, flow.edges)
  if (problem) notify(CONNECTION_PROBLEM_MESSAGES[problem], 'info')
}
