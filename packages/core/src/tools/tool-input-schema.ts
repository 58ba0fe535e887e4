// The arguments of a custom tool, as the model is told them: a JSON Schema object. Users write them
// either as Flowise's grid rows (`[{ property, type, description, required }]`) or as a JSON Schema
// object; both arrive as JSON text (a saved tool) or as parsed values (a node's grid input).

/** The JSON Schema of a tool's arguments, as model APIs take it. */
export interface ToolJsonSchema {
  type: 'object'
  properties: Record<string, Record<string, unknown>>
  required?: string[]
  [key: string]: unknown
}

/** The schema, or a phrase naming what is wrong that follows the field's name ("is not JSON…"). */
export type ToolInputSchemaReading =
  { schema: ToolJsonSchema; error?: undefined } | { schema?: undefined; error: string }

/** The types of a grid row and the JSON Schema each stands for. */
export const TOOL_PROPERTY_TYPES = ['string', 'number', 'boolean', 'date'] as const
const TYPE_SCHEMAS: Record<string, Record<string, unknown>> = {
  string: { type: 'string' },
  number: { type: 'number' },
  boolean: { type: 'boolean' },
  date: { type: 'string', format: 'date' },
}

/**
 * Argument names: the tool's code reads each as `$<name>`, so an identifier, and model APIs take
 * up to 64 characters.
 */
export const TOOL_PROPERTY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/
const PROPERTY_RULE = 'write up to 64 letters, digits or _, not starting with a digit, as the code reads it as $<name>'

const EMPTY: ToolJsonSchema = { type: 'object', properties: {} }
const fail = (error: string): ToolInputSchemaReading => ({ error })
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

/**
 * Reads a tool's input schema: grid rows or a JSON Schema object, or JSON text of either; nothing
 * (undefined, null, blank text) means a tool without arguments. Answers the JSON Schema the model
 * gets, or what is wrong.
 */
export function readToolInputSchema(value: unknown): ToolInputSchemaReading {
  let parsed = value
  if (typeof value === 'string') {
    if (value.trim() === '') return { schema: EMPTY }
    try {
      parsed = JSON.parse(value) as unknown
    } catch {
      return fail('is not JSON: write a list of properties or a JSON Schema object')
    }
  }
  if (parsed === undefined || parsed === null) return { schema: EMPTY }
  if (Array.isArray(parsed)) return readRows(parsed)
  if (isObject(parsed)) return readJsonSchema(parsed)
  return fail('must be a list of properties or a JSON Schema object')
}

/** Flowise's grid rows; a row left wholly blank (as the grid adds them) is skipped. */
function readRows(rows: unknown[]): ToolInputSchemaReading {
  const properties: Record<string, Record<string, unknown>> = {}
  const required: string[] = []
  for (const [index, row] of rows.entries()) {
    const at = `row ${index + 1}`
    if (!isObject(row)) return fail(`${at} is not an object with property, type, description and required`)
    const name = text(row.property)
    const description = text(row.description)
    if (!name) {
      if (description) return fail(`${at} has a description but no property name`)
      continue
    }
    if (!TOOL_PROPERTY_PATTERN.test(name)) return fail(`${at}: property "${name}" cannot be used: ${PROPERTY_RULE}`)
    if (Object.hasOwn(properties, name)) return fail(`${at}: property "${name}" is listed twice`)
    const type = text(row.type) || 'string'
    const typeSchema = Object.hasOwn(TYPE_SCHEMAS, type) ? TYPE_SCHEMAS[type] : undefined
    if (!typeSchema) return fail(`${at}: type "${type}" must be one of ${TOOL_PROPERTY_TYPES.join(', ')}`)
    properties[name] = { ...typeSchema, ...(description ? { description } : {}) }
    if (row.required === true || row.required === 'true') required.push(name)
  }
  return { schema: { type: 'object', properties, ...(required.length ? { required } : {}) } }
}

/** A JSON Schema object of named arguments; its other keywords (descriptions, enums, nesting) go to the model as written. */
function readJsonSchema(schema: Record<string, unknown>): ToolInputSchemaReading {
  if (schema.type !== undefined && schema.type !== 'object') {
    return fail('must have "type": "object", as the arguments are named properties')
  }
  const properties = schema.properties ?? {}
  if (!isObject(properties)) return fail('"properties" must be an object of property schemas')
  for (const [name, property] of Object.entries(properties)) {
    if (!TOOL_PROPERTY_PATTERN.test(name)) return fail(`property "${name}" cannot be used: ${PROPERTY_RULE}`)
    if (!isObject(property)) return fail(`property "${name}" must be a JSON Schema object, e.g. { "type": "string" }`)
  }
  const required = schema.required ?? []
  if (!Array.isArray(required) || !required.every((name) => typeof name === 'string')) {
    return fail('"required" must be a list of property names')
  }
  const unknown = required.find((name) => !Object.hasOwn(properties, name))
  if (unknown !== undefined) return fail(`"required" names "${unknown}", which is not a property`)
  const { required: _required, ...rest } = schema
  return {
    schema: {
      ...rest,
      type: 'object',
      properties: properties as Record<string, Record<string, unknown>>,
      ...(required.length ? { required: required as string[] } : {}),
    },
  }
}
