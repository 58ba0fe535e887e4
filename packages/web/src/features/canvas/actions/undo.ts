import { canUndo, undo } from '@weft/core'
import { withCommand, type CanvasAction } from './types'

export const undoAction: CanvasAction = {
  name: 'undo',
  label: 'Undo',
  edits: true,
  keyTest: (key) => withCommand(key, 'z') && !key.shiftKey,
  perform: ({ history }) => {
    if (!canUndo(history)) return null
    const previous = undo(history)
    return { flow: previous.present, history: previous }
  },
}
