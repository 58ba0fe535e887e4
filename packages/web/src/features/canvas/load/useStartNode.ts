import type { NodeDescriptor } from '@weft/core'
import { useEffect } from 'react'
import { useCanvasStore } from '../store/canvasStore'
import { placeStartNode } from '../store/openFlow'

const START_NODE = 'startAgentflow'

/** A new agentflow V2 starts with its Start node in place, as every V2 flow needs exactly one. */
export function useStartNode(descriptors: NodeDescriptor[] | undefined): void {
  const isBlankV2 = useCanvasStore(
    (state) =>
      state.status === 'ready' &&
      state.kind === 'agentflowV2' &&
      state.record === null &&
      state.revision === 0 &&
      state.flow.nodes.length === 0,
  )
  useEffect(() => {
    const start = descriptors?.find((descriptor) => descriptor.name === START_NODE)
    if (isBlankV2 && start) placeStartNode(start)
  }, [isBlankV2, descriptors])
}
