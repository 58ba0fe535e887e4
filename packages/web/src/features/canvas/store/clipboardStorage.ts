import type { CanvasClipboard } from './canvasStore'

const KEY = 'weft.canvas.clipboard'

/** The clipboard outlives the page, so nodes copied in one flow paste into another. */
export function saveClipboard(clipboard: CanvasClipboard): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(clipboard))
  } catch {
    // A full or disabled storage leaves the copy in memory only.
  }
}

export function readClipboard(): CanvasClipboard | null {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as CanvasClipboard | null
    return stored && Array.isArray(stored.nodes) && Array.isArray(stored.edges) ? stored : null
  } catch {
    return null
  }
}
