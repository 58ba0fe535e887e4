import type { NodeTypes } from '@xyflow/react'
import AgentFlowNode from './AgentFlowNode'
import CustomNode from './CustomNode'
import IterationNode from './IterationNode'
import StickyNoteNode from './StickyNoteNode'

/** React Flow's node components by the node `type` a saved flow names (DESIGN "Flow format"). */
export const nodeTypes = {
  customNode: CustomNode,
  agentFlow: AgentFlowNode,
  stickyNote: StickyNoteNode,
  iteration: IterationNode,
} satisfies NodeTypes
