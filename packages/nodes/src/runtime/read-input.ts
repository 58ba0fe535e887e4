// Readers for node inputs as the engine hands them over: params arrive as text (or as the JSON the
// canvas stored), anchors as built values.

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A JSON input given as an object or as JSON text; empty means `{}`. `label` names the input in errors. */
export function readJsonObject(raw: unknown, label: string): Record<string, unknown> {
  if (raw === undefined || raw === null) return {}
  if (Array.isArray(raw)) return raw.length ? readJsonObject(raw[0], label) : {}
  if (isRecord(raw)) return raw
  if (typeof raw !== 'string') throw new Error(`${label} must be a JSON object.`)
  if (raw.trim() === '') return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch (error) {
    throw new Error(`${label} is not valid JSON: ${(error as Error).message}`, { cause: error })
  }
  if (!isRecord(parsed)) throw new Error(`${label} must be a JSON object such as { "name": "value" }.`)
  return parsed
}

/** A text param; numbers and booleans the canvas stored as such are written as text. */
export function readText(raw: unknown): string {
  if (raw === undefined || raw === null) return ''
  return typeof raw === 'string' ? raw : String(raw)
}

/** A number param stored as a number or as text; undefined when empty or not a number. */
export function readNumber(raw: unknown): number | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined
  const value = typeof raw === 'number' ? raw : Number(raw)
  return Number.isFinite(value) ? value : undefined
}

/** The values connected to a list anchor (or one value connected to a single anchor), flattened. */
export function readList(raw: unknown): unknown[] {
  if (raw === undefined || raw === null || raw === '') return []
  return Array.isArray(raw) ? raw.flat(Infinity) : [raw]
}
