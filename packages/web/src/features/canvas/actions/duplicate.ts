import type { FlowData } from '@weft/core'
import { duplicateShownNode } from '../flowFormat'
import { isSelected } from '../reactFlowTypes'
import { selectOnly } from './selectOnly'
import { withCommand, type CanvasAction } from './types'

/** Duplicate every selected node (core: new id, label suffix, links cleared, 50 px right). */
export const duplicateAction: CanvasAction = {
  name: 'duplicate',
  label: 'Duplicate',
  edits: true,
  keyTest: (key) => withCommand(key, 'd') && !key.shiftKey,
  perform: ({ flow }) => {
    const ids = flow.nodes.filter(isSelected).map((node) => node.id)
    if (ids.length === 0) return null
    const copies: string[] = []
    const next = ids.reduce<FlowData>((current, id) => {
      const result = duplicateShownNode(current, id)
      copies.push(result.nodeId)
      return result.flow
    }, flow)
    return { flow: selectOnly(next, copies) }
  },
}
