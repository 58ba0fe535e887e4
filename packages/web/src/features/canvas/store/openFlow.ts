import { createFlowNode, createHistory, uniqueNodeId, type CanvasKind, type Flow, type FlowData, type NodeDescriptor } from '@weft/core'
import { toShownFlow } from '../flowFormat'
import { readClipboard } from './clipboardStorage'
import { dropPendingCommit } from './commit'
import { initialCanvasState, useCanvasStore, type CanvasStatus } from './canvasStore'
import { clearNodeRunStates } from './nodeRunStates'

export interface OpenFlowOptions {
  kind: CanvasKind
  record: Flow | null
  name: string
  flow: FlowData
  readOnly?: boolean
  /** A flow that is not saved as shown (a template to use, a loaded file) starts dirty. */
  dirty?: boolean
}

/** Show a flow on the canvas with a fresh history. */
export function openFlow({ kind, record, name, flow, readOnly = false, dirty = false }: OpenFlowOptions): void {
  dropPendingCommit()
  const shown = toShownFlow(flow)
  useCanvasStore.setState((state) => ({
    status: 'ready',
    kind,
    readOnly,
    record,
    name,
    flow: shown,
    history: createHistory(shown),
    isDirty: dirty,
    clipboard: readClipboard() ?? state.clipboard,
    loadCount: state.loadCount + 1,
  }))
}

export function startLoading(kind: CanvasKind): void {
  resetCanvas()
  useCanvasStore.setState({ kind })
}

export function failLoading(status: Exclude<CanvasStatus, 'ready' | 'loading'>): void {
  useCanvasStore.setState({ status })
}

/** Parse a flow's stored JSON text; a flow saved empty is an empty canvas. */
export function parseFlowData(text: string | undefined | null): FlowData {
  if (!text) return { nodes: [], edges: [] }
  const parsed = JSON.parse(text) as Partial<FlowData>
  return { ...parsed, nodes: parsed.nodes ?? [], edges: parsed.edges ?? [] }
}

/** Forget the flow when its page closes, so the next canvas starts clean. */
export function resetCanvas(): void {
  dropPendingCommit()
  clearNodeRunStates()
  useCanvasStore.setState((state) => ({ ...initialCanvasState(), snapToGrid: state.snapToGrid }))
}

/** Put the first node of a new flow in place; it is where the flow starts, not a change to save. */
export function placeStartNode(descriptor: NodeDescriptor): void {
  const node = createFlowNode(descriptor, uniqueNodeId(descriptor.name, []), { x: 100, y: 100 })
  const flow = { nodes: [node], edges: [] }
  useCanvasStore.setState((state) => ({ flow, history: createHistory(flow), loadCount: state.loadCount + 1 }))
}
