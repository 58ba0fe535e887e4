import { useReactFlow, useStoreApi } from '@xyflow/react'
import { useCallback } from 'react'

// A node is placed with its top left corner here; shift it so the node itself sits near the middle.
const HALF_NODE = { x: 150, y: 100 }

/** Where a node added by click goes: the middle of what the user currently sees. */
export function useViewportCentre(): () => { x: number; y: number } {
  const { getViewport } = useReactFlow()
  const store = useStoreApi()
  return useCallback(() => {
    const { x, y, zoom } = getViewport()
    const { width, height } = store.getState()
    return { x: (width / 2 - x) / zoom - HALF_NODE.x, y: (height / 2 - y) / zoom - HALF_NODE.y }
  }, [getViewport, store])
}
