import type { NodeDescriptor } from '../types/node.js'

/**
 * The badge of a catalogue node that cannot run yet. The catalogue (packages/nodes) sets it from the
 * node's implementation, never from a list of categories, so it goes away by itself once a node runs.
 */
export const CANNOT_RUN_BADGE = 'Cannot run yet'

/** Why a flow with such a node opens but does not answer: for tooltips, the canvas notice and the chat. */
export const CANNOT_RUN_EXPLANATION =
  'This kind of flow can be edited and saved, but not run in this version of Weft: one or more of its nodes cannot run yet.'

/** True for a descriptor that carries the cannot-run badge. */
export const cannotRun = (descriptor: Pick<NodeDescriptor, 'badge'>): boolean => descriptor.badge === CANNOT_RUN_BADGE

/**
 * The nodes of a flow that cannot run yet, in flow order, judged by their catalogue descriptors. A node
 * the catalogue does not know is not counted: the engine names it when the flow runs.
 */
export function nodesThatCannotRun<T extends { data?: { name?: string } }>(
  nodes: readonly T[],
  descriptors: readonly Pick<NodeDescriptor, 'name' | 'badge'>[],
): T[] {
  const blocked = new Set(descriptors.filter(cannotRun).map((descriptor) => descriptor.name))
  return nodes.filter((node) => node.data?.name !== undefined && blocked.has(node.data.name))
}
