import Alert from '@mui/material/Alert'
import { CANNOT_RUN_EXPLANATION, nodesThatCannotRun, type FlowNode, type NodeDescriptor } from '@weft/core'
import { useCanvasStore } from './store/canvasStore'

// Naming every node would cover the canvas on a big flow; the cards carry the badge anyway.
const NAMED_AT_MOST = 3

/** The labels of the flow's nodes that cannot run, as one text (a stable value, so dragging does not redraw this). */
function blockedLabels(nodes: readonly FlowNode[], descriptors: NodeDescriptor[]): string {
  const labels = [...new Set(nodesThatCannotRun(nodes, descriptors).map((node) => node.data.label))]
  const more = labels.length - NAMED_AT_MOST
  return labels.slice(0, NAMED_AT_MOST).join(', ') + (more > 0 ? ` and ${more} more` : '')
}

/** Above the canvas of a flow that holds nodes that cannot run yet: it says so before anyone asks it. */
export default function CannotRunNotice({ descriptors }: { descriptors: NodeDescriptor[] }) {
  const labels = useCanvasStore((state) => blockedLabels(state.flow.nodes, descriptors))
  if (labels === '') return null
  return (
    <Alert severity="warning" role="status" sx={{ py: 0, px: 1.5, maxWidth: 520, boxShadow: 2, fontSize: 13 }}>
      <strong>This flow cannot run yet.</strong> {CANNOT_RUN_EXPLANATION} Nodes that cannot run: {labels}.
    </Alert>
  )
}
