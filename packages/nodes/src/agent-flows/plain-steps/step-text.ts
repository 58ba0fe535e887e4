import type { StepContext } from '../step.js'

// What the steps that do not call a model share: turning values into the text later steps read, and
// giving that text to the user when the step is the last one.

/** A value as the text of a step's output: text as it is, nothing as empty, anything else as JSON. */
export function stepText(value: unknown): string {
  if (value === undefined || value === null) return ''
  if (typeof value === 'string') return value
  return JSON.stringify(value, null, 2) ?? String(value)
}

/** The first `max` characters of a value's text, to quote it in an error message. */
export function excerpt(value: unknown, max = 100): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))
  return text.length > max ? `${text.slice(0, max)}…` : text
}

/** The answer of a last step reaches a streaming caller as one `token` event (the JSON answer reads the output). */
export function streamIfLast(context: StepContext, text: string): void {
  if (context.isLastStep && text !== '') context.run.emit({ event: 'token', data: text })
}
