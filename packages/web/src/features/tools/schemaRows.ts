import { TOOL_PROPERTY_TYPES, type ToolJsonSchema } from '@weft/core'

export type PropertyType = (typeof TOOL_PROPERTY_TYPES)[number]

/** One row of the Input Schema grid, as Flowise saves it (its numeric id included). */
export interface SchemaRow {
  id: number
  property: string
  type: PropertyType
  description: string
  required: boolean
}

/** How the user writes the schema: grid rows, or a JSON Schema object as text. */
export type SchemaMode = 'grid' | 'json'

export interface SchemaDraft {
  mode: SchemaMode
  rows: SchemaRow[]
  json: string
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const text = (value: unknown) => (typeof value === 'string' ? value : '')
const isPropertyType = (value: unknown): value is PropertyType =>
  (TOOL_PROPERTY_TYPES as readonly unknown[]).includes(value)

export function newRow(rows: readonly SchemaRow[]): SchemaRow {
  const id = Math.max(0, ...rows.map((row) => row.id)) + 1
  return { id, property: '', type: 'string', description: '', required: false }
}

const rowOf = (row: Record<string, unknown>, index: number): SchemaRow => ({
  id: Number(row.id) || index + 1,
  property: text(row.property),
  type: isPropertyType(row.type) ? row.type : 'string',
  description: text(row.description),
  required: row.required === true || row.required === 'true',
})

/**
 * The editor's start from a saved schema: grid rows stay rows; a JSON Schema object, or text that
 * is not JSON at all, opens as text so nothing the user wrote is lost.
 */
export function schemaDraftOf(schema: string | null | undefined): SchemaDraft {
  if (!schema?.trim()) return { mode: 'grid', rows: [], json: '' }
  try {
    const parsed = JSON.parse(schema) as unknown
    if (Array.isArray(parsed) && parsed.every(isObject)) return { mode: 'grid', rows: parsed.map(rowOf), json: '' }
    if (isObject(parsed)) return { mode: 'json', rows: [], json: JSON.stringify(parsed, null, 2) }
  } catch {
    // Shown as written; the field says why it is not valid.
  }
  return { mode: 'json', rows: [], json: schema }
}

/** The schema as saved: Flowise's grid rows as JSON text, or the user's JSON Schema text; null for none. */
export function schemaTextOf(draft: SchemaDraft): string | null {
  if (draft.mode === 'grid') return JSON.stringify(draft.rows)
  return draft.json.trim() === '' ? null : draft.json
}

/** What the grid can show of one JSON Schema property; null when the grid would lose part of it. */
function rowTypeOf(property: Record<string, unknown>): PropertyType | null {
  const { type, format, description, ...rest } = property
  const plain = Object.keys(rest).length === 0 && (description === undefined || typeof description === 'string')
  if (type === 'string' && format === 'date') return plain ? 'date' : null
  if (format !== undefined || !plain) return null
  return type === 'string' || type === 'number' || type === 'boolean' ? type : null
}

/**
 * Grid rows for a valid JSON Schema, and the names of what the grid cannot keep (enums, nesting,
 * formats, the schema's own keywords); those properties become text rows.
 */
export function rowsOfJsonSchema(schema: ToolJsonSchema): { rows: SchemaRow[]; lost: string[] } {
  const lost = Object.keys(schema).filter((key) => !['type', 'properties', 'required'].includes(key))
  const required = schema.required ?? []
  const rows = Object.entries(schema.properties).map(([property, definition], index) => {
    const type = rowTypeOf(definition)
    if (!type) lost.push(property)
    return {
      id: index + 1,
      property,
      type: type ?? 'string',
      description: text(definition.description),
      required: required.includes(property),
    }
  })
  return { rows, lost }
}
