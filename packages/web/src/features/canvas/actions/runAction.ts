import { useCanvasStore } from '../store/canvasStore'
import { readClipboard, saveClipboard } from '../store/clipboardStorage'
import { commitFlow, flushPendingCommit, restoreFlow } from '../store/commit'
import { copyAction } from './copy'
import { deleteSelectionAction } from './deleteSelection'
import { duplicateAction } from './duplicate'
import { pasteAction } from './paste'
import { redoAction } from './redo'
import type { ActionResult, CanvasAction, KeyPress } from './types'
import { undoAction } from './undo'

/** Every canvas command with a shortcut, in the order their keys are tested. */
export const CANVAS_ACTIONS: CanvasAction[] = [
  undoAction,
  redoAction,
  copyAction,
  pasteAction,
  duplicateAction,
  deleteSelectionAction,
]

export const actionForKey = (key: KeyPress) => CANVAS_ACTIONS.find((action) => action.keyTest(key))

/**
 * Run a command on the canvas store and apply what it returns. Gives the result, or null when the
 * command had nothing to do or the canvas is read-only.
 */
export function runAction(action: CanvasAction): ActionResult | null {
  if (action.edits && useCanvasStore.getState().readOnly) return null
  flushPendingCommit()
  const state = useCanvasStore.getState()
  // Another tab or flow may have copied since this one loaded.
  const clipboard = readClipboard() ?? state.clipboard
  const result = action.perform({ kind: state.kind, flow: state.flow, history: state.history, clipboard })
  if (!result) return null
  if (result.history && result.flow) restoreFlow(result.flow, result.history)
  else if (result.flow) commitFlow(result.flow)
  if (result.clipboard) {
    useCanvasStore.setState({ clipboard: result.clipboard })
    saveClipboard(result.clipboard)
  }
  return result
}
