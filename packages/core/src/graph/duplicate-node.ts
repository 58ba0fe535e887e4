import type { FlowData, FlowNode } from '../types/node.js'
import { mapInputReferences, removeReferencesTo } from './node-references.js'
import { renameNodeData } from './rename-node-ids.js'
import { nodeIdCounter, uniqueNodeId } from './unique-node-id.js'

/** SPEC §9: how far right of the original a duplicate lands, past the original's width. */
export const DUPLICATE_OFFSET = 50

/**
 * SPEC §4 "duplicate a node": a copy under a new unique id, labelled `<label> (<n>)` with n the new
 * id's counter, with every handle id rewritten and its links to other nodes cleared (its inputs'
 * references removed, since the copy has no edges), placed `DUPLICATE_OFFSET` px right of the
 * original, not selected. The credential is kept: the copy stays in the same flow and workspace.
 * Answers the flow unchanged and an empty id when the node does not exist.
 */
export function duplicateNode(flow: FlowData, nodeId: string): { flow: FlowData; nodeId: string } {
  const original = flow.nodes.find((node) => node.id === nodeId)
  if (!original) return { flow, nodeId: '' }
  const newId = uniqueNodeId(original.data.name, flow.nodes)
  const data = renameNodeData(original.data, nodeId, newId)
  const unlink = removeReferencesTo(new Set(flow.nodes.map((node) => node.id)))
  const inputs = { ...mapInputReferences(data.inputs, unlink) }
  for (const anchor of data.inputAnchors) inputs[anchor.name] = anchor.list ? [] : ''
  const dx = (original.width ?? 0) + DUPLICATE_OFFSET
  const { dragging: _dragging, ...rest } = original
  const copy: FlowNode = {
    ...rest,
    id: newId,
    position: { x: original.position.x + dx, y: original.position.y },
    ...(original.positionAbsolute
      ? { positionAbsolute: { x: original.positionAbsolute.x + dx, y: original.positionAbsolute.y } }
      : {}),
    selected: false,
    data: {
      ...data,
      label: `${data.label} (${nodeIdCounter(newId) ?? 0})`,
      inputs,
      ...(data.selected !== undefined ? { selected: false } : {}),
    },
  }
  return { flow: { ...flow, nodes: [...flow.nodes, copy] }, nodeId: newId }
}
