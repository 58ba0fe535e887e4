import { pasteNodes } from '@weft/core'
import { withCommand, type CanvasAction } from './types'

export const OTHER_CANVAS_MESSAGE = 'These nodes were copied from another kind of flow and cannot be pasted here'

/** Paste the clipboard, copied in this flow or in another flow of the same kind. */
export const pasteAction: CanvasAction = {
  name: 'paste',
  label: 'Paste',
  edits: true,
  keyTest: (key) => withCommand(key, 'v') && !key.shiftKey,
  perform: ({ flow, clipboard, kind }) => {
    if (!clipboard || clipboard.nodes.length === 0) return null
    if (clipboard.kind !== kind) return { message: OTHER_CANVAS_MESSAGE }
    // Core selects the pasted nodes, so they can be moved away at once.
    return { flow: pasteNodes(flow, { nodes: clipboard.nodes, edges: clipboard.edges }).flow }
  },
}
