import { deleteEdge, deleteNode, type FlowData } from '@weft/core'
import { isSelected } from '../reactFlowTypes'
import type { CanvasAction } from './types'

/** Delete the selected nodes (with their children, edges and references) and the selected edges. */
export const deleteSelectionAction: CanvasAction = {
  name: 'deleteSelection',
  label: 'Delete',
  edits: true,
  keyTest: (key) =>
    (key.key === 'Delete' || key.key === 'Backspace') && !key.ctrlKey && !key.metaKey && !key.altKey,
  perform: ({ flow }) => {
    const nodeIds = flow.nodes.filter(isSelected).map((node) => node.id)
    const edgeIds = flow.edges.filter(isSelected).map((edge) => edge.id)
    if (nodeIds.length === 0 && edgeIds.length === 0) return null
    // Edges go first: deleting a node may already take its edges, and deleting an absent edge is harmless.
    const withoutEdges = edgeIds.reduce<FlowData>((current, id) => deleteEdge(current, id), flow)
    return { flow: nodeIds.reduce<FlowData>((current, id) => deleteNode(current, id), withoutEdges) }
  },
}
