// Readers of one field of an imported record: each answers the value to store (defaults filled in,
// dates in ISO-8601 UTC) or what is wrong with it, in words the import error shows the user.

/** A value read, or what is wrong with it; `field` names the field of a record that is wrong. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string; field?: string }
export type FieldReader<T> = (value: unknown) => Parsed<T>

/** A record's readers, one per field of the record type. */
export type RecordReaders<T> = { [K in keyof T]-?: FieldReader<T[K]> }

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value })
const fail = (problem: string): Parsed<never> => ({ ok: false, problem })
const isAbsent = (value: unknown) => value === undefined || value === null

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** An id: text, not empty, at most 255 characters (ids that are no UUID get a new one). */
export const id: FieldReader<string> = (value) =>
  typeof value === 'string' && value !== '' && value.length <= 255 ? ok(value) : fail('must be an id (text)')

/** Text that must be present, of at most `max` characters. */
export const text =
  (max = Infinity): FieldReader<string> =>
  (value) => {
    if (isAbsent(value)) return fail('is required')
    if (typeof value !== 'string') return fail('must be text')
    return value.length > max ? fail(`must be at most ${max} characters`) : ok(value)
  }

/** A name: text that is not blank, of at most 255 characters. */
export const name: FieldReader<string> = (value) =>
  typeof value === 'string' && value.trim() === '' ? fail('is required') : text(255)(value)

/** `read`, or `fallback` when the field is absent or null. */
export const orElse =
  <T, F>(read: FieldReader<T>, fallback: F): FieldReader<T | F> =>
  (value) =>
    isAbsent(value) ? ok(fallback) : read(value)

/** Text or null. */
export const optionalText = (max = Infinity): FieldReader<string | null> => orElse(text(max), null)

/** true or false; absent reads as false. */
export const flag: FieldReader<boolean> = (value) =>
  isAbsent(value) ? ok(false) : typeof value === 'boolean' ? ok(value) : fail('must be true or false')

export const oneOf =
  <T extends string>(values: readonly T[]): FieldReader<T> =>
  (value) =>
    typeof value === 'string' && (values as readonly string[]).includes(value)
      ? ok(value as T)
      : fail(`must be one of ${values.join(', ')}`)

/** Text matching `pattern`, described by `rule` when it does not. */
export const matching =
  (pattern: RegExp, rule: string, max = 255): FieldReader<string> =>
  (value) => {
    const read = text(max)(value)
    return read.ok && !pattern.test(read.value) ? fail(rule) : read
  }

/** A whole number, 0 or more. */
export const count: FieldReader<number> = (value) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0
    ? ok(value)
    : fail('must be a whole number, 0 or more')

/** A time, kept as ISO-8601 UTC. */
export const time: FieldReader<string> = (value) =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value))
    ? ok(new Date(value).toISOString())
    : fail('must be a date such as 2026-01-31T12:00:00.000Z')

/** A JSON object (not text). */
export const object: FieldReader<Record<string, unknown>> = (value) =>
  isPlainObject(value) ? ok(value) : fail('must be an object')

/** JSON text of a list or of an object, kept as the text. */
export const jsonText =
  (kind: 'list' | 'object'): FieldReader<string> =>
  (value) => {
    if (typeof value !== 'string')
      return isAbsent(value) ? fail('is required') : fail(`must be JSON text of ${a(kind)}`)
    try {
      const parsed: unknown = JSON.parse(value)
      return (kind === 'list' ? Array.isArray(parsed) : isPlainObject(parsed))
        ? ok(value)
        : fail(`must be JSON text of ${a(kind)}`)
    } catch {
      return fail(`must be JSON text of ${a(kind)}`)
    }
  }

const a = (kind: 'list' | 'object') => (kind === 'list' ? 'a list' : 'an object')

/** Text that `problemOf` accepts (it answers what is wrong, or undefined). */
export const checkedText =
  (problemOf: (text: string) => string | undefined): FieldReader<string> =>
  (value) => {
    const read = text()(value)
    if (!read.ok) return read
    const problem = problemOf(read.value)
    return problem ? fail(problem) : read
  }

/** The record `readers` make of `value`, or the first field that is wrong. */
export function readRecord<T>(value: unknown, readers: RecordReaders<T>): Parsed<T> {
  if (!isPlainObject(value)) return fail('must be an object')
  const record: Record<string, unknown> = {}
  for (const [field, read] of Object.entries(readers) as [string, FieldReader<unknown>][]) {
    const result = read(value[field])
    if (!result.ok) return { ok: false, problem: result.problem, field }
    if (result.value !== undefined) record[field] = result.value
  }
  return ok(record as T)
}
