import type { FlowNode, FlowNodeType, NodeDescriptor } from '../types/node.js'
import { initNode, isAgentflowV2Descriptor } from './init-node.js'

/** Which React Flow node component draws a node of this descriptor. */
export function flowNodeType(descriptor: Pick<NodeDescriptor, 'type' | 'canvases' | 'isContainer'>): FlowNodeType {
  if (descriptor.type === 'StickyNote') return 'stickyNote'
  if (!isAgentflowV2Descriptor(descriptor)) return 'customNode'
  return descriptor.isContainer ? 'iteration' : 'agentFlow'
}

/** A canvas node for a descriptor dropped at `position`; `id` comes from `uniqueNodeId`. */
export function createFlowNode(descriptor: NodeDescriptor, id: string, position: { x: number; y: number }): FlowNode {
  return { id, type: flowNodeType(descriptor), position: { ...position }, data: initNode(descriptor, id) }
}
