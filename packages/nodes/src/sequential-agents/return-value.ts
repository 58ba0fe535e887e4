import type { StepResult } from '../agent-flows/step.js'
import { stepText } from '../agent-flows/plain-steps/step-text.js'
import { isRecord } from '../runtime/read-input.js'

// Return Value As, of the Custom JS Function and Execute Flow nodes: the value joins the conversation
// as the flow's answer (AI Message) or as the user's words (Human Message), or sets state keys.

/** The step's result for `value` returned as `returnValueAs` says; `label` names the value in errors. */
export function returnedValue(value: unknown, returnValueAs: unknown, label: string): StepResult {
  if (returnValueAs === 'stateObj') {
    const state = typeof value === 'string' ? parsedObject(value) : value
    if (!isRecord(state)) {
      throw new Error(
        `Return Value As is State Object, but ${label} is not an object: ${stepText(value) || 'nothing'}.`,
      )
    }
    return { output: { content: stepText(state) }, state }
  }
  const content = stepText(value)
  const role = returnValueAs === 'humanMessage' ? 'userMessage' : 'apiMessage'
  return { output: { content }, turns: content ? [{ role, content }] : [] }
}

function parsedObject(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}
