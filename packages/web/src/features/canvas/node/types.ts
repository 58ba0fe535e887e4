import type { FlowNodeData, FlowNodeType } from '@weft/core'
import type { Node, NodeProps } from '@xyflow/react'

/** A React Flow node carrying Weft's node data (React Flow wants data typed as a record). */
export type CanvasNode = Node<FlowNodeData & Record<string, unknown>, FlowNodeType>

export type CanvasNodeProps = NodeProps<CanvasNode>
