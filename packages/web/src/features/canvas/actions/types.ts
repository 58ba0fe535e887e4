import type { CanvasKind, FlowData, History } from '@weft/core'
import type { CanvasClipboard } from '../store/canvasStore'

/** What a keyboard shortcut sees of a key press. */
export interface KeyPress {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  shiftKey: boolean
  altKey: boolean
}

/** The part of the canvas a command reads. */
export interface ActionInput {
  kind: CanvasKind
  flow: FlowData
  history: History<FlowData>
  clipboard: CanvasClipboard | null
}

/**
 * What a command changes: a new flow (one undo step), a new flow with its history (undo, redo),
 * a new clipboard, or a message for the user when it could not run.
 */
export interface ActionResult {
  flow?: FlowData
  history?: History<FlowData>
  clipboard?: CanvasClipboard
  message?: string
}

/** One user command, excalidraw style: a name, the keys that run it, and a pure `perform`. */
export interface CanvasAction {
  name: 'undo' | 'redo' | 'copy' | 'paste' | 'duplicate' | 'deleteSelection'
  label: string
  /** Whether it changes the flow, so a read-only canvas refuses it. */
  edits: boolean
  keyTest: (key: KeyPress) => boolean
  /** Null when there is nothing to do (nothing selected, nothing to undo). */
  perform: (input: ActionInput) => ActionResult | null
}

/** Ctrl on Windows and Linux, Cmd on a Mac: either counts. */
export const withCommand = (key: KeyPress, letter: string) =>
  (key.ctrlKey || key.metaKey) && !key.altKey && key.key.toLowerCase() === letter
