import type { NodeDefinition } from '@weft/nodes'

const indexes = new WeakMap<readonly NodeDefinition[], ReadonlyMap<string, NodeDefinition>>()

/** The catalogue by node name, indexed once per catalogue array (the server passes the same one every run). */
export function definitionsByName(nodes: readonly NodeDefinition[]): ReadonlyMap<string, NodeDefinition> {
  let index = indexes.get(nodes)
  if (!index) {
    index = new Map(nodes.map((definition) => [definition.descriptor.name, definition]))
    indexes.set(nodes, index)
  }
  return index
}
