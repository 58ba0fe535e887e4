import { applyEdgeChanges, applyNodeChanges, type EdgeChange, type NodeChange } from '@xyflow/react'
import { asCanvasEdges, asCanvasNodes, asFlowEdges, asFlowNodes, type CanvasEdge, type CanvasNode } from '../reactFlowTypes'
import { useCanvasStore } from './canvasStore'
import { commitFlow, showFlow } from './commit'

// A drag ends with a position change that is no longer dragging; moves by arrow keys look the same.
const endsAMove = (change: NodeChange<CanvasNode>) =>
  change.type === 'position' && change.dragging === false && change.position !== undefined

/**
 * React Flow's own changes: drag frames, selection and measured sizes are shown without a history
 * step; the end of a move is one step. Deletions go through core's rules instead (delete key off).
 */
export function onNodesChange(changes: NodeChange<CanvasNode>[]): void {
  const { flow, readOnly } = useCanvasStore.getState()
  const nodes = asFlowNodes(applyNodeChanges(changes, asCanvasNodes(flow.nodes)))
  const next = { ...flow, nodes }
  if (!readOnly && changes.some(endsAMove)) commitFlow(next)
  else showFlow(next)
}

export function onEdgesChange(changes: EdgeChange<CanvasEdge>[]): void {
  const { flow } = useCanvasStore.getState()
  showFlow({ ...flow, edges: asFlowEdges(applyEdgeChanges(changes, asCanvasEdges(flow.edges))) })
}
