import { parseRows } from '@weft/core'

const TYPES: Record<string, Record<string, unknown>> = {
  string: { type: 'string' },
  number: { type: 'number' },
  boolean: { type: 'boolean' },
  date: { type: 'string', format: 'date' },
}

/**
 * The JSON schema of a custom tool's arguments from its Input Schema rows
 * (`{ property, type, description, required }`); rows without a property name are skipped.
 */
export function toolInputSchema(rows: unknown): Record<string, unknown> {
  const properties: Record<string, unknown> = {}
  const required: string[] = []
  for (const row of parseRows(rows)) {
    const name = typeof row.property === 'string' ? row.property.trim() : ''
    if (!name) continue
    const type = TYPES[String(row.type ?? 'string')] ?? TYPES.string
    const description = typeof row.description === 'string' ? row.description.trim() : ''
    properties[name] = { ...type, ...(description ? { description } : {}) }
    if (row.required === true || row.required === 'true') required.push(name)
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}) }
}
