import type { ToolJsonSchema } from '@weft/core'

/** How the test form asks for one argument; `json` takes any value written as JSON (lists, objects). */
export type TestFieldKind = 'string' | 'number' | 'boolean' | 'date' | 'choice' | 'json'

export interface TestField {
  name: string
  kind: TestFieldKind
  description: string
  required: boolean
  /** The allowed texts of a `choice`. */
  options: string[]
}

/** What the user typed or ticked, by argument name. */
export type TestValues = Record<string, string | boolean>

function kindOf(property: Record<string, unknown>): TestFieldKind {
  const { type, format } = property
  if (Array.isArray(property.enum))
    return property.enum.every((option) => typeof option === 'string') ? 'choice' : 'json'
  if (type === 'string') return format === 'date' ? 'date' : 'string'
  if (type === 'number' || type === 'integer') return 'number'
  if (type === 'boolean') return 'boolean'
  return 'json'
}

/** One form field per argument of the tool, in the schema's order. */
export function testFieldsOf(schema: ToolJsonSchema): TestField[] {
  const required = schema.required ?? []
  return Object.entries(schema.properties).map(([name, property]) => ({
    name,
    kind: kindOf(property),
    description: typeof property.description === 'string' ? property.description : '',
    required: required.includes(name),
    options: Array.isArray(property.enum) ? property.enum.map(String) : [],
  }))
}

type Reading = { value: unknown } | { error: string } | undefined

function readField(field: TestField, raw: string | boolean | undefined): Reading {
  if (field.kind === 'boolean') return { value: raw === true }
  const written = typeof raw === 'string' ? raw : ''
  if (written.trim() === '') return field.required ? { error: `${field.name} is required` } : undefined
  if (field.kind === 'number') {
    const number = Number(written)
    return Number.isFinite(number) ? { value: number } : { error: `${field.name} must be a number` }
  }
  if (field.kind === 'json') {
    try {
      return { value: JSON.parse(written) as unknown }
    } catch {
      return { error: `${field.name} is not valid JSON` }
    }
  }
  return { value: written }
}

/**
 * The arguments object a test run sends, from the form's values: numbers as numbers, JSON parsed,
 * empty optional fields left out; or what is wrong, by field.
 */
export function testInputOf(
  fields: readonly TestField[],
  values: TestValues,
): { input: Record<string, unknown> } | { errors: Record<string, string> } {
  const input: Record<string, unknown> = {}
  const errors: Record<string, string> = {}
  for (const field of fields) {
    const reading = readField(field, values[field.name])
    if (!reading) continue
    if ('error' in reading) errors[field.name] = reading.error
    else input[field.name] = reading.value
  }
  return Object.keys(errors).length > 0 ? { errors } : { input }
}

/** The form's values for an arguments object written as JSON, so switching back to the form keeps them. */
export function testValuesOf(fields: readonly TestField[], input: Record<string, unknown>): TestValues {
  const values: TestValues = {}
  for (const field of fields) {
    const value = input[field.name]
    if (value === undefined) continue
    if (field.kind === 'boolean') values[field.name] = value === true
    else if (field.kind === 'json') values[field.name] = JSON.stringify(value)
    else values[field.name] = typeof value === 'string' ? value : String(value)
  }
  return values
}

/** An arguments object written as JSON, or why it cannot be sent. */
export function readInputJson(text: string): { input: Record<string, unknown> } | { error: string } {
  if (text.trim() === '') return { input: {} }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    return { error: `Sample input is not valid JSON: ${(error as Error).message}` }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { error: 'Sample input must be a JSON object of arguments, e.g. { "city": "Oslo" }' }
  return { input: parsed as Record<string, unknown> }
}
