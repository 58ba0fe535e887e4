import { CANVAS_OF_TYPE, type Flow, type FlowType } from '@weft/core'

/** The canvas a flow of this type opens in; assistants open in the chatflow canvas. */
export const canvasOf = (type: FlowType) => (type === 'ASSISTANT' ? CANVAS_OF_TYPE.CHATFLOW : CANVAS_OF_TYPE[type])

/** The canvas route that opens a saved flow. */
export function canvasPathOf(flow: Pick<Flow, 'id' | 'type'>): string {
  return `${canvasOf(flow.type).path}/${encodeURIComponent(flow.id)}`
}
