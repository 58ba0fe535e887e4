import {
  addEdge,
  createFlowNode,
  deleteEdge,
  deleteNode,
  type Connection,
  type Flow,
  type FlowData,
  type NodeDescriptor,
  type Viewport,
  uniqueNodeId,
} from '@weft/core'
import { duplicateShownNode, toShownFlow } from '../flowFormat'
import { useCanvasStore } from './canvasStore'
import { commitFlow } from './commit'
import { setInput, setLabel, setOutput } from './nodeEdits'

const current = () => useCanvasStore.getState()

// Every edit is refused on a read-only canvas, whichever control asked for it.
function edit(change: (flow: FlowData) => FlowData, typingKey?: string): void {
  const { readOnly, flow } = current()
  if (readOnly) return
  const next = change(flow)
  if (next !== flow) commitFlow(next, typingKey)
}

export const setNodeInput = (nodeId: string, name: string, value: unknown) =>
  edit((flow) => setInput(flow, nodeId, name, value), `${nodeId}\u0000${name}`)

export const setNodeOutput = (nodeId: string, name: string, value: unknown) =>
  edit((flow) => setOutput(flow, nodeId, name, value))

export const setNodeLabel = (nodeId: string, label: string) => edit((flow) => setLabel(flow, nodeId, label))

export const removeNode = (nodeId: string) => edit((flow) => deleteNode(flow, nodeId))

export const removeEdge = (edgeId: string) => edit((flow) => deleteEdge(flow, edgeId))

export const duplicateOneNode = (nodeId: string) => edit((flow) => duplicateShownNode(flow, nodeId).flow)

/** A new node of the descriptor at a canvas position, its id unique by a counter on the node name. */
/**
 * Add a catalogue node at `position`; inside an iteration container when `parentId` is given, the
 * position then being relative to it (saved as `parentNode`, drawn by React Flow as `parentId`).
 */
export function addNode(descriptor: NodeDescriptor, position: { x: number; y: number }, parentId?: string): void {
  edit((flow) => {
    const node = createFlowNode(descriptor, uniqueNodeId(descriptor.name, flow.nodes), position)
    const placed = parentId ? { ...node, parentNode: parentId, parentId } : node
    return { ...flow, nodes: [...flow.nodes, placed] }
  })
}

/** Connect two handles; React Flow has already checked the connection with core's rules. */
export const connect = (connection: Connection) => edit((flow) => addEdge(flow, connection))

/** Replace the canvas with a flow from a file; it is a change like any other, so it can be undone. */
export function replaceFlow(flow: FlowData): void {
  if (current().readOnly) return
  commitFlow(toShownFlow(flow))
  useCanvasStore.setState((state) => ({ loadCount: state.loadCount + 1 }))
}

export function renameFlow(name: string, record?: Flow): void {
  useCanvasStore.setState((state) => ({ name, record: record ?? state.record }))
}

/** After a save of revision `savedRevision`: the record the server answered; later changes stay unsaved. */
export function markSaved(record: Flow, savedRevision: number): void {
  useCanvasStore.setState((state) => ({ record, name: record.name, isDirty: state.revision !== savedRevision }))
}

export function setViewport(viewport: Viewport): void {
  useCanvasStore.setState({ viewport })
}

export function setSnapToGrid(snapToGrid: boolean): void {
  useCanvasStore.setState({ snapToGrid })
}

/** The user dropped what was unsaved (the flow was deleted), so leaving asks nothing. */
export function discardChanges(): void {
  useCanvasStore.setState({ isDirty: false })
}
