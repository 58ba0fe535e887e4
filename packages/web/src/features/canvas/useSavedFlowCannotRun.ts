import { nodesThatCannotRun } from '@weft/core'
import { useMemo } from 'react'
import { useNodeCatalogue } from './load/useNodeCatalogue'
import { useCanvasStore } from './store/canvasStore'

/** True when the saved flow holds a node that cannot run yet: the chat asks the saved flow, so it cannot answer. */
export function useSavedFlowCannotRun(): boolean {
  const flowData = useCanvasStore((state) => state.record?.flowData)
  const catalogue = useNodeCatalogue()
  return useMemo(() => {
    if (!flowData || !catalogue.data) return false
    let nodes: unknown
    try {
      nodes = (JSON.parse(flowData) as { nodes?: unknown }).nodes
    } catch {
      return false
    }
    return (
      Array.isArray(nodes) && nodesThatCannotRun(nodes as { data?: { name?: string } }[], catalogue.data).length > 0
    )
  }, [flowData, catalogue.data])
}
