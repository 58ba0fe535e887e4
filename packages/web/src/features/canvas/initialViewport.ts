import type { FlowNode, Viewport } from '@weft/core'
import { getViewportForBounds } from '@xyflow/react'

// What a node measures before it is drawn, for nodes saved without a size.
const ASSUMED_SIZE = { width: 300, height: 400 }
const FIT = { minZoom: 0.1, maxZoom: 1, padding: 0.2 }

/**
 * The view that shows a whole loaded flow, computed from saved positions and sizes before anything
 * is drawn. Fitting after drawing would first draw a big flow at full size and full detail, which
 * takes seconds; starting at the right zoom draws only what is in view, in the detail it needs.
 */
export function initialViewport(nodes: readonly FlowNode[], width: number, height: number): Viewport {
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  for (const node of nodes) {
    if (node.parentNode) continue
    const sized = node as FlowNode & { initialWidth?: number; initialHeight?: number }
    const nodeWidth = node.width ?? sized.initialWidth ?? ASSUMED_SIZE.width
    const nodeHeight = node.height ?? sized.initialHeight ?? ASSUMED_SIZE.height
    minX = Math.min(minX, node.position.x)
    minY = Math.min(minY, node.position.y)
    maxX = Math.max(maxX, node.position.x + nodeWidth)
    maxY = Math.max(maxY, node.position.y + nodeHeight)
  }
  if (minX === Infinity) return { x: 0, y: 0, zoom: 1 }
  const bounds = { x: minX, y: minY, width: maxX - minX, height: maxY - minY }
  return getViewportForBounds(bounds, width, height, FIT.minZoom, FIT.maxZoom, FIT.padding)
}
