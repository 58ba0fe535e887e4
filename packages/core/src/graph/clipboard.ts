import type { FlowData, FlowEdge, FlowNode } from '../types/node.js'
import { edgeId } from './add-edge.js'
import { copyJson } from './copy-json.js'
import { nodeWithDescendants } from './delete-node.js'
import { looksLikeNodeId, mapInputReferences } from './node-references.js'
import { renameHandleId, renameNodeData } from './rename-node-ids.js'
import { stripCredentials } from './strip-credentials.js'
import { uniqueNodeId } from './unique-node-id.js'

/** Copied nodes and the edges between them; plain data, so it can travel as JSON between flows. */
export interface Clipboard {
  nodes: FlowNode[]
  edges: FlowEdge[]
}

/** Where a paste lands relative to the copied nodes. */
export const PASTE_OFFSET = { x: 50, y: 50 }

/**
 * Copies the chosen nodes, with the nodes inside chosen containers and the edges between copied
 * nodes. Credential ids are stripped (SPEC §5), so a clipboard never carries access to a secret.
 */
export function copyNodes(flow: FlowData, nodeIds: readonly string[]): Clipboard {
  const ids = new Set<string>()
  for (const id of nodeIds) for (const member of nodeWithDescendants(flow.nodes, id)) ids.add(member)
  const nodes = flow.nodes.filter((node) => ids.has(node.id)).map((node) => stripCredentials(copyJson(node)))
  const edges = flow.edges.filter((edge) => ids.has(edge.source) && ids.has(edge.target)).map((edge) => copyJson(edge))
  return { nodes, edges }
}

/**
 * Pastes a clipboard into a flow, the same one or another: every node gets a fresh unique id, and
 * edges, containers, handle ids and `{{id…}}` references among pasted nodes follow; references to
 * nodes that were not copied are removed. Pasted nodes are offset and selected, the others
 * deselected, so the user can move what they pasted right away.
 */
export function pasteNodes(
  flow: FlowData,
  clipboard: Clipboard,
  offset: { x: number; y: number } = PASTE_OFFSET,
): { flow: FlowData; nodeIds: string[] } {
  const newIds = new Map<string, string>()
  const taken: { id: string }[] = [...flow.nodes]
  for (const node of clipboard.nodes) {
    const id = uniqueNodeId(node.data.name, taken)
    newIds.set(node.id, id)
    taken.push({ id })
  }
  const remap = (head: string) => newIds.get(head) ?? (looksLikeNodeId(head) ? null : undefined)
  const pasted = clipboard.nodes.map((node) => {
    const id = newIds.get(node.id)!
    const data = renameNodeData(stripCredentials(copyJson(node)).data, node.id, id)
    const parentNode = node.parentNode === undefined ? undefined : newIds.get(node.parentNode)
    const { dragging: _dragging, parentNode: _parent, ...rest } = node
    const moved: FlowNode = {
      ...rest,
      id,
      position: pastePosition(node, parentNode !== undefined, offset),
      selected: true,
      data: { ...data, inputs: mapInputReferences(data.inputs, remap) },
    }
    if (node.positionAbsolute) moved.positionAbsolute = shift(node.positionAbsolute, offset)
    if (parentNode !== undefined) moved.parentNode = parentNode
    return moved
  })
  const edges = clipboard.edges.flatMap((edge) => pastedEdge(edge, newIds))
  const existing = flow.nodes.map((node) => (node.selected ? { ...node, selected: false } : node))
  return {
    flow: { ...flow, nodes: [...existing, ...pasted], edges: [...flow.edges, ...edges] },
    nodeIds: pasted.map((node) => node.id),
  }
}

/** A child keeps its place inside its pasted container; a node pasted without its container lands where it was seen. */
function pastePosition(node: FlowNode, keepsParent: boolean, offset: { x: number; y: number }) {
  if (keepsParent) return { ...node.position }
  const seen = node.parentNode !== undefined && node.positionAbsolute ? node.positionAbsolute : node.position
  return shift(seen, offset)
}

function shift(point: { x: number; y: number }, offset: { x: number; y: number }) {
  return { x: point.x + offset.x, y: point.y + offset.y }
}

function pastedEdge(edge: FlowEdge, newIds: ReadonlyMap<string, string>): FlowEdge[] {
  const source = newIds.get(edge.source)
  const target = newIds.get(edge.target)
  if (source === undefined || target === undefined) return []
  const sourceHandle = renameHandleId(edge.sourceHandle, edge.source, source)
  const targetHandle = renameHandleId(edge.targetHandle, edge.target, target)
  const ends = { source, sourceHandle, target, targetHandle }
  return [{ ...copyJson(edge), ...ends, id: edgeId(ends) }]
}
