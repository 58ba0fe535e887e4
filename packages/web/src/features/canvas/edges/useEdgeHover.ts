import { useEffect, useRef, useState } from 'react'

// Long enough to move the pointer from the line to its button.
const HIDE_DELAY_MS = 400

/**
 * Whether the pointer is on an edge or on its button. Edge buttons show only then (or when the edge
 * is selected): a flow of hundreds of edges would otherwise draw hundreds of buttons.
 */
export function useEdgeHover() {
  const [hovered, setHovered] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const enter = () => {
    clearTimeout(timer.current)
    setHovered(true)
  }
  const leave = () => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setHovered(false), HIDE_DELAY_MS)
  }
  return { hovered, enter, leave }
}
