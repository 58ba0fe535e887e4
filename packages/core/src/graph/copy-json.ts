/**
 * A deep copy of plain JSON-like data (objects, arrays, primitives), so a node made from a
 * descriptor, or pasted from a clipboard, shares no object with its source and editing one can
 * never change the other.
 */
export function copyJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => copyJson(item)) as T
  if (value !== null && typeof value === 'object') {
    // fromEntries defines own keys, so a `__proto__` key in parsed JSON stays data.
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copyJson(item)])) as T
  }
  return value
}
