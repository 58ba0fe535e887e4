// The name a model calls a tool by. Model APIs accept 1 to 64 letters, digits, _ and -; Flowise's
// habit is lower-case words joined by underscores (get_order_status), which fits inside that.

/** What model APIs accept as a tool name. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/

const TOOL_NAME_MAX = 64
const ALLOWED = /[a-zA-Z0-9_-]/

/**
 * What is wrong with a tool name, as a phrase that follows the field's name ("is required",
 * "must be at most 64 characters", …), or undefined when a model can call a tool by it.
 */
export function explainToolName(name: string): string | undefined {
  if (name === '') return 'is required'
  if (name.length > TOOL_NAME_MAX) return `must be at most ${TOOL_NAME_MAX} characters`
  if (TOOL_NAME_PATTERN.test(name)) return undefined
  const found = [...new Set([...name].filter((char) => !ALLOWED.test(char)))]
  const shown = found.map((char) => (char === ' ' ? 'a space' : `"${char}"`)).join(', ')
  return `must hold only letters, digits, _ and - (not ${shown}), e.g. get_order_status`
}
