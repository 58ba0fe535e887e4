import { useState } from 'react'

export type ViewMode = 'card' | 'list'

const KEY = 'weft.flowListView'

const stored = (): ViewMode => (localStorage.getItem(KEY) === 'list' ? 'list' : 'card')

/** Card or list view of the flow lists, remembered in this browser. */
export function useViewMode() {
  const [mode, setMode] = useState<ViewMode>(stored)
  const choose = (next: ViewMode) => {
    localStorage.setItem(KEY, next)
    setMode(next)
  }
  return [mode, choose] as const
}
