import type { FlowEdge, FlowNode } from '@weft/core'
import type { Edge } from '@xyflow/react'
import type { CanvasNode } from './node/types'

export type { CanvasNode }
export type CanvasEdge = Edge<Record<string, unknown>>

// The saved format and React Flow describe the same objects with different optional fields;
// these casts only change the view of the type, never the objects, so memoized nodes stay memoized.
export const asCanvasNodes = (nodes: FlowNode[]) => nodes as unknown as CanvasNode[]
export const asCanvasEdges = (edges: FlowEdge[]) => edges as unknown as CanvasEdge[]
export const asFlowNodes = (nodes: CanvasNode[]) => nodes as unknown as FlowNode[]
export const asFlowEdges = (edges: CanvasEdge[]) => edges as unknown as FlowEdge[]

export const isSelected = (item: FlowNode | FlowEdge) => (item as { selected?: boolean }).selected === true
