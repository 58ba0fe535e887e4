/** A node type a flow uses: its catalogue name (for the icon) and the label people read. */
export interface NodeType {
  name: string
  label: string
}

interface StoredNode {
  type?: unknown
  data?: { name?: unknown; label?: unknown; type?: unknown }
}

const isStickyNote = (node: StoredNode): boolean =>
  node.type === 'stickyNote' || node.data?.type === 'StickyNote' || node.data?.name === 'stickyNoteAgentflow'

/** The distinct node types of a flow's JSON text, in canvas order; notes left out; [] for unreadable text. */
export function nodeTypesOf(flowData: string): NodeType[] {
  let nodes: unknown
  try {
    nodes = (JSON.parse(flowData) as { nodes?: unknown } | null)?.nodes
  } catch {
    return []
  }
  if (!Array.isArray(nodes)) return []
  const byName = new Map<string, NodeType>()
  for (const node of nodes as StoredNode[]) {
    const name = node?.data?.name
    if (typeof name !== 'string' || byName.has(name) || isStickyNote(node)) continue
    const label = node.data?.label
    byName.set(name, { name, label: typeof label === 'string' && label !== '' ? label : name })
  }
  return [...byName.values()]
}
