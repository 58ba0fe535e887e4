import { pushHistory, type FlowData, type History } from '@weft/core'
import { useCanvasStore } from './canvasStore'

/** Typing in one input within this time is one undo step. */
export const TYPING_PAUSE_MS = 600

let pending: { key: string; timer: ReturnType<typeof setTimeout> } | null = null

function pushPresent(): void {
  const { history, flow } = useCanvasStore.getState()
  if (history.present !== flow) useCanvasStore.setState({ history: pushHistory(history, flow) })
}

/** Commit a typing step that is still waiting for a pause, so the next change is its own step. */
export function flushPendingCommit(): void {
  if (!pending) return
  clearTimeout(pending.timer)
  pending = null
  pushPresent()
}

/**
 * Show a user's change and make it one undo step; the flow becomes dirty. With `typingKey`, changes
 * of the same key (one input) that follow each other quickly merge into one step.
 */
export function commitFlow(flow: FlowData, typingKey?: string): void {
  if (pending && pending.key !== typingKey) flushPendingCommit()
  useCanvasStore.setState((state) => ({ flow, isDirty: true, revision: state.revision + 1 }))
  if (typingKey === undefined) {
    pushPresent()
    return
  }
  if (pending) clearTimeout(pending.timer)
  pending = { key: typingKey, timer: setTimeout(flushPendingCommit, TYPING_PAUSE_MS) }
}

/** Show a state from the history (undo, redo); the flow differs from what was saved. */
export function restoreFlow(flow: FlowData, history: History<FlowData>): void {
  useCanvasStore.setState((state) => ({ flow, history, isDirty: true, revision: state.revision + 1 }))
}

/** Show a change that is not a step of its own (a drag frame, a selection, a measured size). */
export function showFlow(flow: FlowData): void {
  useCanvasStore.setState({ flow })
}

/** Forget a waiting typing step without committing it (another flow is being loaded). */
export function dropPendingCommit(): void {
  if (pending) clearTimeout(pending.timer)
  pending = null
}
