import { useEffect, type RefObject } from 'react'
import { notify } from '../../components/notifications/notify'
import { actionForKey, runAction } from './actions/runAction'

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))

/**
 * The canvas shortcuts (undo, redo, copy, paste, duplicate, delete). They apply when the focus is on
 * the canvas or nowhere in particular, never while the user types in a field or works in a dialog.
 */
export function useCanvasKeyboard(canvas: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target
      const onCanvas = target === document.body || (target instanceof Node && canvas.current?.contains(target))
      if (!onCanvas || isTyping(target) || event.defaultPrevented) return
      const action = actionForKey(event)
      if (!action) return
      const result = runAction(action)
      if (!result) return
      event.preventDefault()
      if (result.message) notify(result.message, 'warning')
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [canvas])
}
