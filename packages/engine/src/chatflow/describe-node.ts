/** How messages name a node: its label on the canvas and its id, e.g. "LLM Chain (llmChain_0)". */
export function describeNode(node: { id: string; data?: { label?: string; name?: string } }): string {
  return `${node.data?.label || node.data?.name || 'Node'} (${node.id})`
}
