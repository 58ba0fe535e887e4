import { pasteNodes } from '@weft/core'
import { selectOnly } from './selectOnly'
import { withCommand, type CanvasAction } from './types'

export const OTHER_CANVAS_MESSAGE = 'These nodes were copied from another kind of flow and cannot be pasted here'

/** Paste the clipboard (from this flow or another of the same kind) and select what was pasted. */
export const pasteAction: CanvasAction = {
  name: 'paste',
  label: 'Paste',
  edits: true,
  keyTest: (key) => withCommand(key, 'v') && !key.shiftKey,
  perform: ({ flow, clipboard, kind }) => {
    if (!clipboard || clipboard.nodes.length === 0) return null
    if (clipboard.kind !== kind) return { message: OTHER_CANVAS_MESSAGE }
    const pasted = pasteNodes(flow, { nodes: clipboard.nodes, edges: clipboard.edges })
    return { flow: selectOnly(pasted.flow, pasted.nodeIds) }
  },
}
