/**
 * SPEC §3: node ids are the node name plus a counter, `<name>_<n>`, with the smallest n ≥ 0 that
 * no node uses yet, so ids stay short and a flow exported from Flowise keeps working.
 */
export function uniqueNodeId(name: string, nodes: readonly { id: string }[]): string {
  const used = new Set(nodes.map((node) => node.id))
  let counter = 0
  while (used.has(`${name}_${counter}`)) counter += 1
  return `${name}_${counter}`
}

/** The counter of an id made by `uniqueNodeId` (`llmChain_3` → 3), or undefined for other ids. */
export function nodeIdCounter(id: string): number | undefined {
  const match = /_(\d+)$/.exec(id)
  return match ? Number(match[1]) : undefined
}
