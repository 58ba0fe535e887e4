import type { CanvasKind, FlowData } from '@weft/core'

export const INVALID_FLOW_FILE = 'Invalid flow file'

/** `<name> Chatflow.json` for chatflows, `<name> Agents.json` for agentflows, as Flowise names them. */
export function exportFileName(name: string, kind: CanvasKind): string {
  return `${name || 'Untitled'} ${kind === 'chatflow' ? 'Chatflow' : 'Agents'}.json`
}

/** A loaded file's flow, or null when it is not JSON with a list of nodes and a list of edges. */
export function parseFlowFile(text: string): FlowData | null {
  try {
    const parsed = JSON.parse(text) as Partial<FlowData> | null
    if (!parsed || !Array.isArray(parsed.nodes) || !Array.isArray(parsed.edges)) return null
    return { ...parsed, nodes: parsed.nodes, edges: parsed.edges }
  } catch {
    return null
  }
}
