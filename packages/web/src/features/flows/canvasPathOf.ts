import { CANVAS_OF_TYPE, type Flow } from '@weft/core'

/** The canvas route that opens a saved flow. */
export function canvasPathOf(flow: Pick<Flow, 'id' | 'type'>): string {
  const canvas = flow.type === 'ASSISTANT' ? CANVAS_OF_TYPE.CHATFLOW : CANVAS_OF_TYPE[flow.type]
  return `${canvas.path}/${encodeURIComponent(flow.id)}`
}
