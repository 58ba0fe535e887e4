import type { NodeDescriptor } from '@weft/core'
import { useReactFlow } from '@xyflow/react'
import type { DragEvent } from 'react'
import { NODE_DRAG_TYPE } from './addNodes/NodeItem'
import { addNode } from './store/canvasCommands'

/**
 * Drop handlers for the canvas: a node dragged from the add-nodes panel lands under the pointer,
 * inside an iteration container when dropped on one (containers do not nest).
 */
export function useNodeDrop(descriptors: NodeDescriptor[]) {
  const { screenToFlowPosition, getIntersectingNodes } = useReactFlow()
  return {
    onDragOver: (event: DragEvent) => {
      if (!event.dataTransfer.types.includes(NODE_DRAG_TYPE)) return
      event.preventDefault()
      event.dataTransfer.dropEffect = 'move'
    },
    onDrop: (event: DragEvent) => {
      const name = event.dataTransfer.getData(NODE_DRAG_TYPE)
      const descriptor = descriptors.find((candidate) => candidate.name === name)
      if (!descriptor) return
      event.preventDefault()
      const point = screenToFlowPosition({ x: event.clientX, y: event.clientY })
      const container = descriptor.isContainer
        ? undefined
        : getIntersectingNodes({ ...point, width: 1, height: 1 }).find((node) => node.type === 'iteration' && !node.parentId)
      if (!container) return addNode(descriptor, point)
      addNode(descriptor, { x: point.x - container.position.x, y: point.y - container.position.y }, container.id)
    },
  }
}
