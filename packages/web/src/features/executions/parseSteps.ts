import type { ExecutedStep } from '@weft/core'

/**
 * The steps of an execution from its `executionData` JSON text. Undefined when the text is not a
 * list of steps, so the view can say the record is unreadable instead of showing an empty run.
 */
export function parseSteps(executionData: unknown): ExecutedStep[] | undefined {
  let value = executionData
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown
    } catch {
      return undefined
    }
  }
  return Array.isArray(value) ? (value as ExecutedStep[]) : undefined
}
