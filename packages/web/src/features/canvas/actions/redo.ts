import { canRedo, redo } from '@weft/core'
import { withCommand, type CanvasAction } from './types'

export const redoAction: CanvasAction = {
  name: 'redo',
  label: 'Redo',
  edits: true,
  keyTest: (key) => (withCommand(key, 'z') && key.shiftKey) || (key.ctrlKey && !key.altKey && key.key.toLowerCase() === 'y'),
  perform: ({ history }) => {
    if (!canRedo(history)) return null
    const next = redo(history)
    return { flow: next.present, history: next }
  },
}
