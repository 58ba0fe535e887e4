import type { CanvasKind, NodeDescriptor } from '@weft/core'

export interface NodeCategory {
  name: string
  nodes: NodeDescriptor[]
}

const matches = (descriptor: NodeDescriptor, words: string[]) => {
  const text = `${descriptor.label} ${descriptor.name} ${descriptor.category} ${descriptor.description}`.toLowerCase()
  return words.every((word) => text.includes(word))
}

/**
 * The categories of the add-nodes panel: nodes offered on this canvas kind whose label, name,
 * category or description contain every word searched, in catalogue order.
 */
export function groupNodes(descriptors: NodeDescriptor[], kind: CanvasKind, search: string): NodeCategory[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean)
  const categories = new Map<string, NodeDescriptor[]>()
  for (const descriptor of descriptors) {
    if (!descriptor.canvases.includes(kind) || !matches(descriptor, words)) continue
    const list = categories.get(descriptor.category) ?? []
    list.push(descriptor)
    categories.set(descriptor.category, list)
  }
  return [...categories].map(([name, nodes]) => ({ name, nodes }))
}
