import type { FlowEdge } from '@weft/core'

/**
 * The output an edge leaves its source by, read from the handle id the canvas writes,
 * `<nodeId>-output-<name>-<Class1|Class2…>`: `returnTrue` for an IfElse node's True path.
 * Undefined when the handle does not follow that form.
 */
export function edgeOutputName(edge: Pick<FlowEdge, 'source' | 'sourceHandle'>): string | undefined {
  const prefix = `${edge.source}-output-`
  if (typeof edge.sourceHandle !== 'string' || !edge.sourceHandle.startsWith(prefix)) return undefined
  return edge.sourceHandle.slice(prefix.length).split('-')[0] || undefined
}
