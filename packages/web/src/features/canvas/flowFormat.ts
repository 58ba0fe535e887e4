import { duplicateNode, flowWithOurSpellings, type FlowData, type FlowNode, type Viewport } from '@weft/core'

/** Fields React Flow 12 adds to a node on screen, which the saved format does not have. */
interface ShownNode extends FlowNode {
  parentId?: string
  measured?: { width?: number; height?: number }
  initialWidth?: number
  initialHeight?: number
  resizing?: boolean
}

// Containers keep the size the user gave them; other nodes size to their content, so a saved size
// is only a first guess (React Flow 12 would otherwise fix a node's size to its width and height).
const hasOwnSize = (node: FlowNode) => node.type === 'iteration'

function toShownNode(node: FlowNode): FlowNode {
  const { width, height, ...rest } = node
  const shown: ShownNode = hasOwnSize(node) ? { ...node } : { ...rest, initialWidth: width, initialHeight: height }
  if (node.parentNode) shown.parentId = node.parentNode
  return shown
}

function toSavedNode(node: FlowNode): FlowNode {
  const {
    measured,
    initialWidth,
    initialHeight,
    parentId: _parentId,
    resizing: _resizing,
    dragging: _dragging,
    ...rest
  } = node as ShownNode
  if (hasOwnSize(node)) return rest
  const width = measured?.width ?? initialWidth
  const height = measured?.height ?? initialHeight
  return { ...rest, ...(width === undefined ? {} : { width }), ...(height === undefined ? {} : { height }) }
}

// React Flow keeps the selection on the nodes and edges themselves. It belongs to the session that
// made it: a flow opens with nothing selected and is saved that way.
const unselected = <T extends object>(items: T[]): T[] =>
  items.map((item) => ('selected' in item && item.selected ? { ...item, selected: false } : item))

/**
 * A flow in the saved format (Flowise's, React Flow 11's) as React Flow 12 draws it, with nothing
 * selected. Inputs Flowise spells its own way (`basepath`) move to ours, so the field shows the
 * value and saving keeps it.
 */
export function toShownFlow(flow: FlowData): FlowData {
  const ours = flowWithOurSpellings(flow)
  return { ...ours, nodes: unselected(ours.nodes).map(toShownNode), edges: unselected(ours.edges) }
}

/** What the canvas shows, back in the saved format, with the viewport the user left it at. */
export function toSavedFlow(flow: FlowData, viewport: Viewport | undefined): FlowData {
  const saved: FlowData = { nodes: unselected(flow.nodes.map(toSavedNode)), edges: unselected(flow.edges) }
  const view = viewport ?? flow.viewport
  return view ? { ...saved, viewport: view } : saved
}

/**
 * Core's duplicate lands the copy 50 px past the original's width; on screen that width is the
 * measured one, which must not stay on the nodes as a fixed size.
 */
export function duplicateShownNode(flow: FlowData, nodeId: string): { flow: FlowData; nodeId: string } {
  const original = flow.nodes.find((node) => node.id === nodeId) as ShownNode | undefined
  const width = original?.measured?.width ?? original?.initialWidth
  if (!original || width === undefined || hasOwnSize(original)) return duplicateNode(flow, nodeId)
  const sized = { ...flow, nodes: flow.nodes.map((node) => (node === original ? { ...node, width } : node)) }
  const result = duplicateNode(sized, nodeId)
  const nodes = result.flow.nodes.map((node) => {
    if (node.id === nodeId) return original
    if (node.id !== result.nodeId) return node
    const { width: _width, ...copy } = node
    return copy
  })
  return { flow: { ...result.flow, nodes }, nodeId: result.nodeId }
}
