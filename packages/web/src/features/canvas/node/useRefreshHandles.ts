import { useUpdateNodeInternals } from '@xyflow/react'
import { useEffect, useRef } from 'react'

/**
 * React Flow measures a node's handles once; when the set of handles changes (an output chosen,
 * condition outputs rebuilt, an anchor shown) it must measure again or edges attach to nothing.
 * `handleKey` is any text that changes with the set, e.g. the handle ids joined.
 */
export function useRefreshHandles(nodeId: string, handleKey: string) {
  const updateNodeInternals = useUpdateNodeInternals()
  const measured = useRef(handleKey)
  useEffect(() => {
    if (measured.current === handleKey) return
    measured.current = handleKey
    updateNodeInternals(nodeId)
  }, [nodeId, handleKey, updateNodeInternals])
}
