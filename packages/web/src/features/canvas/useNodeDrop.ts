import type { NodeDescriptor } from '@weft/core'
import { useReactFlow } from '@xyflow/react'
import type { DragEvent } from 'react'
import { NODE_DRAG_TYPE } from './addNodes/NodeItem'
import { addNode } from './store/canvasCommands'

/** Drop handlers for the canvas: a node dragged from the add-nodes panel lands under the pointer. */
export function useNodeDrop(descriptors: NodeDescriptor[]) {
  const { screenToFlowPosition } = useReactFlow()
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
      addNode(descriptor, screenToFlowPosition({ x: event.clientX, y: event.clientY }))
    },
  }
}
