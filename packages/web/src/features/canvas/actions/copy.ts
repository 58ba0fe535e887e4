import { copyNodes } from '@weft/core'
import { isSelected } from '../reactFlowTypes'
import { withCommand, type CanvasAction } from './types'

/** Copy the selected nodes and the edges between them; core strips credential ids. */
export const copyAction: CanvasAction = {
  name: 'copy',
  label: 'Copy',
  edits: false,
  keyTest: (key) => withCommand(key, 'c') && !key.shiftKey,
  perform: ({ flow, kind }) => {
    const ids = flow.nodes.filter(isSelected).map((node) => node.id)
    if (ids.length === 0) return null
    const { nodes, edges } = copyNodes(flow, ids)
    return { clipboard: { kind, nodes, edges } }
  },
}
