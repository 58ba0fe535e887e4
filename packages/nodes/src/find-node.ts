import type { NodeDefinition } from './define-node.js'
import { nodes } from './catalogue.js'

const byName = new Map(nodes.map((node) => [node.descriptor.name, node]))

/** The catalogue node with this name, if any. */
export function findNode(name: string): NodeDefinition | undefined {
  return byName.get(name)
}
