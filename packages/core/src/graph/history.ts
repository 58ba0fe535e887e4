/** Undo and redo over any immutable state (the canvas keeps flow data in it). */
export interface History<T> {
  past: T[]
  present: T
  future: T[]
}

/** Steps kept for undo; the oldest go first, so a long session does not grow without bound. */
export const HISTORY_LIMIT = 100

export function createHistory<T>(present: T): History<T> {
  return { past: [], present, future: [] }
}

/** Records a new state: the old one becomes undoable and the redo steps are dropped. The same state again is not a step. */
export function pushHistory<T>(history: History<T>, next: T): History<T> {
  if (Object.is(next, history.present)) return history
  const past = [...history.past, history.present].slice(-HISTORY_LIMIT)
  return { past, present: next, future: [] }
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1)
  if (!canUndo(history)) return history
  return { past: history.past.slice(0, -1), present: previous as T, future: [history.present, ...history.future] }
}

export function redo<T>(history: History<T>): History<T> {
  const [next, ...future] = history.future
  if (!canRedo(history)) return history
  return { past: [...history.past, history.present], present: next as T, future }
}

export const canUndo = (history: History<unknown>): boolean => history.past.length > 0

export const canRedo = (history: History<unknown>): boolean => history.future.length > 0
