// The shape a JSON answer must have, as plain data: built from a Structured Output Parser's table
// or read from an Advanced Structured Output Parser's Zod text. It gives the JSON Schema the model
// is shown and checks the value the model answered with.

interface ShapeCommon {
  description?: string
  /** The property may be absent (an object's property only). */
  optional?: boolean
  nullable?: boolean
}

export type JsonShape = ShapeCommon &
  (
    | { type: 'string'; enum?: string[]; minLength?: number; maxLength?: number }
    | { type: 'number'; integer?: boolean; minimum?: number; maximum?: number }
    | { type: 'boolean' }
    | { type: 'array'; items: JsonShape; minItems?: number; maxItems?: number }
    | { type: 'object'; properties: Record<string, JsonShape> }
    | { type: 'any' }
  )

/** The JSON Schema of a shape, as shown to the model. */
export function toJsonSchema(shape: JsonShape): Record<string, unknown> {
  const { description, optional: _optional, nullable, ...rest } = shape
  const schema: Record<string, unknown> = {}
  if (rest.type === 'object') {
    const entries = Object.entries(rest.properties)
    schema.type = 'object'
    schema.properties = Object.fromEntries(entries.map(([name, property]) => [name, toJsonSchema(property)]))
    schema.required = entries.filter(([, property]) => !property.optional).map(([name]) => name)
    schema.additionalProperties = false
  } else if (rest.type === 'array') {
    const { items, ...limits } = rest
    Object.assign(schema, limits, { items: toJsonSchema(items) })
  } else if (rest.type === 'number') {
    const { integer, ...limits } = rest
    Object.assign(schema, limits, integer ? { type: 'integer' } : {})
  } else if (rest.type !== 'any') {
    Object.assign(schema, rest)
  }
  if (nullable && typeof schema.type === 'string') schema.type = [schema.type, 'null']
  if (description) schema.description = description
  return schema
}

/** What a structured output parser adds to the prompt. */
export function jsonShapeInstructions(shape: JsonShape): string {
  return [
    'Answer with one JSON value that follows this JSON Schema, in a ```json code block, and nothing else:',
    '```json',
    JSON.stringify(toJsonSchema(shape)),
    '```',
  ].join('\n')
}

const kindOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`)

/** Every way `value` differs from `shape`, as `path: problem` lines; empty when it fits. */
export function checkJsonShape(value: unknown, shape: JsonShape, path = 'the answer'): string[] {
  if (value === null && shape.nullable) return []
  const wrongKind = (expected: string) => [`${path}: expected ${expected}, got ${kindOf(value)}`]
  switch (shape.type) {
    case 'any':
      return []
    case 'boolean':
      return typeof value === 'boolean' ? [] : wrongKind('a boolean')
    case 'string': {
      if (typeof value !== 'string') return wrongKind('a string')
      if (shape.enum && !shape.enum.includes(value))
        return [`${path}: "${value}" is not one of ${shape.enum.join(', ')}`]
      if (shape.minLength !== undefined && value.length < shape.minLength)
        return [`${path}: shorter than ${shape.minLength} characters`]
      if (shape.maxLength !== undefined && value.length > shape.maxLength)
        return [`${path}: longer than ${shape.maxLength} characters`]
      return []
    }
    case 'number': {
      if (typeof value !== 'number') return wrongKind('a number')
      if (shape.integer && !Number.isInteger(value)) return [`${path}: expected a whole number, got ${value}`]
      if (shape.minimum !== undefined && value < shape.minimum) return [`${path}: ${value} is below ${shape.minimum}`]
      if (shape.maximum !== undefined && value > shape.maximum) return [`${path}: ${value} is above ${shape.maximum}`]
      return []
    }
    case 'array': {
      if (!Array.isArray(value)) return wrongKind('an array')
      const problems = value.flatMap((item, index) => checkJsonShape(item, shape.items, `${path}[${index}]`))
      if (shape.minItems !== undefined && value.length < shape.minItems)
        problems.push(`${path}: has ${value.length} items, at least ${shape.minItems} expected`)
      if (shape.maxItems !== undefined && value.length > shape.maxItems)
        problems.push(`${path}: has ${value.length} items, at most ${shape.maxItems} expected`)
      return problems
    }
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return wrongKind('an object')
      const record = value as Record<string, unknown>
      return Object.entries(shape.properties).flatMap(([name, property]) => {
        const where = path === 'the answer' ? name : `${path}.${name}`
        if (record[name] === undefined) return property.optional ? [] : [`${where}: missing`]
        return checkJsonShape(record[name], property, where)
      })
    }
  }
}

/** One row of a Structured Output Parser's JSON Structure table. */
export interface ShapeColumn {
  property?: unknown
  type?: unknown
  description?: unknown
}

const COLUMN_TYPES = ['string', 'number', 'boolean'] as const

/** The object shape a JSON Structure table describes: every named row a required property. */
export function shapeFromColumns(rows: readonly ShapeColumn[]): JsonShape {
  const properties: Record<string, JsonShape> = {}
  for (const row of rows) {
    const name = typeof row.property === 'string' ? row.property.trim() : ''
    if (!name) continue
    const type = typeof row.type === 'string' && row.type ? row.type : 'string'
    if (!(COLUMN_TYPES as readonly string[]).includes(type)) {
      throw new Error(`The type of ${name} must be string, number or boolean, not ${type}.`)
    }
    const description = typeof row.description === 'string' && row.description ? { description: row.description } : {}
    properties[name] = { type: type as (typeof COLUMN_TYPES)[number], ...description }
  }
  if (!Object.keys(properties).length) throw new Error('The JSON Structure names no property.')
  return { type: 'object', properties }
}
