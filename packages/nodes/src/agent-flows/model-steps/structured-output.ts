import { parseRows } from '@weft/core'
import { readText } from '../../runtime/read-input.js'

// JSON Structured Output of the LLM step: the model is told the keys in its system message, and its
// reply is read back into those keys, so later steps can use {{ llm_0.output.<key> }}.

export type FieldType = 'string' | 'stringArray' | 'number' | 'boolean' | 'enum' | 'jsonArray'

export interface StructuredField {
  key: string
  type: FieldType
  enumValues: string[]
  description: string
  /** For a JSON Array: the JSON schema each item follows, as the user wrote it. */
  jsonSchema?: string
}

const TYPES: readonly FieldType[] = ['string', 'stringArray', 'number', 'boolean', 'enum', 'jsonArray']

/** The JSON Structured Output rows; rows without a key are left out. */
export function readStructuredFields(raw: unknown, stepLabel: string): StructuredField[] {
  return parseRows(raw).flatMap((row) => {
    const key = readText(row.key).trim()
    if (key === '') return []
    const type = (readText(row.type) || 'string') as FieldType
    if (!TYPES.includes(type)) {
      throw new Error(`${stepLabel}: the output key "${key}" has the type "${type}"; use ${TYPES.join(', ')}.`)
    }
    const enumValues = readText(row.enumValues)
      .split(',')
      .map((value) => value.trim())
      .filter((value) => value !== '')
    if (type === 'enum' && enumValues.length === 0) {
      throw new Error(`${stepLabel}: the output key "${key}" is an enum but lists no Enum Values.`)
    }
    const jsonSchema = readText(row.jsonSchema).trim()
    return [
      { key, type, enumValues, description: readText(row.description).trim(), ...(jsonSchema ? { jsonSchema } : {}) },
    ]
  })
}

const quoted = (values: string[]) => values.map((value) => JSON.stringify(value)).join(', ')

function describeType(field: StructuredField): string {
  switch (field.type) {
    case 'stringArray':
      return 'a list of texts'
    case 'number':
      return 'a number'
    case 'boolean':
      return 'true or false'
    case 'enum':
      return `the text ${quoted(field.enumValues)}, whichever fits`
    case 'jsonArray':
      return field.jsonSchema
        ? `a list of JSON values, each following this JSON schema: ${field.jsonSchema}`
        : 'a list of JSON values'
    default:
      return 'a text'
  }
}

/** The system message that asks for the JSON object. */
export function describeFields(fields: StructuredField[]): string {
  const lines = fields.map(
    (field) => `- "${field.key}": ${describeType(field)}${field.description ? `. ${field.description}` : ''}`,
  )
  return ['Reply with a JSON object and nothing else (no text around it), with exactly these keys:', ...lines].join(
    '\n',
  )
}

/** The JSON in a reply: inside a ```json fence when there is one, else from the first { to the last }. */
function parseReply(reply: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(reply)?.[1]
  const text = (fenced ?? reply).trim()
  try {
    return JSON.parse(text)
  } catch {
    const start = text.indexOf('{')
    const end = text.lastIndexOf('}')
    if (start === -1 || end <= start) return undefined
    try {
      return JSON.parse(text.slice(start, end + 1))
    } catch {
      return undefined
    }
  }
}

/** The value read as the field's type, or a description of what is wrong with it. */
function readField(field: StructuredField, value: unknown): { value: unknown } | { problem: string } {
  const name = `"${field.key}"`
  switch (field.type) {
    case 'string':
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? { value: String(value) }
        : { problem: `${name} is not a text` }
    case 'stringArray':
      return Array.isArray(value) && value.every((item) => typeof item === 'string')
        ? { value }
        : { problem: `${name} is not a list of texts` }
    case 'number': {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
      return typeof number === 'number' && Number.isFinite(number)
        ? { value: number }
        : { problem: `${name} is not a number` }
    }
    case 'boolean':
      if (typeof value === 'boolean') return { value }
      return value === 'true' || value === 'false'
        ? { value: value === 'true' }
        : { problem: `${name} is not true or false` }
    case 'enum':
      return typeof value === 'string' && field.enumValues.includes(value)
        ? { value }
        : { problem: `${name} is not one of ${quoted(field.enumValues)}` }
    case 'jsonArray':
      return Array.isArray(value) ? { value } : { problem: `${name} is not a list` }
  }
}

const excerpt = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text)

/**
 * The reply's values of the asked keys. Throws, naming the step and what is missing or wrong, when
 * the reply is not such a JSON object.
 */
export function readStructuredReply(
  reply: string,
  fields: StructuredField[],
  stepLabel: string,
): Record<string, unknown> {
  const parsed = parseReply(reply)
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(
      `${stepLabel}: JSON Structured Output asks for a JSON object, but the model answered: "${excerpt(reply.trim())}"`,
    )
  }
  const values: Record<string, unknown> = {}
  const problems: string[] = []
  const missing = fields.filter((field) => !(field.key in parsed)).map((field) => `"${field.key}"`)
  if (missing.length) problems.push(`it lacks ${missing.join(', ')}`)
  for (const field of fields) {
    if (!(field.key in parsed)) continue
    const read = readField(field, (parsed as Record<string, unknown>)[field.key])
    if ('problem' in read) problems.push(read.problem)
    else values[field.key] = read.value
  }
  if (problems.length) {
    throw new Error(
      `${stepLabel}: the model's JSON does not match the JSON Structured Output: ${problems.join('; ')}. It answered: "${excerpt(reply.trim())}"`,
    )
  }
  return values
}
