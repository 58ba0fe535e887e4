/**
 * SPEC §8: a thrown value becomes its string `message` if it has one,
 * else its serialised text, else its string form.
 */
export function errorMessage(value: unknown): string {
  if (typeof value === 'object' && value !== null && 'message' in value) {
    const { message } = value as { message: unknown }
    if (typeof message === 'string' && message !== '') return message
  }
  if (typeof value === 'string') return value
  try {
    const text = JSON.stringify(value)
    if (text !== undefined) return text
  } catch {
    // circular values fall through to their string form
  }
  try {
    return String(value)
  } catch {
    // an object whose own toString is not a function, e.g. { toString: 0 }
    return Object.prototype.toString.call(value)
  }
}
