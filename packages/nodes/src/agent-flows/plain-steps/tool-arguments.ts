import { isRecord } from '../../runtime/read-input.js'
import { namedRows } from './rows.js'

// The Tool step's arguments are typed as text on the canvas, but a tool's input schema may ask for a
// number, a boolean, an object or a list. Text that reads as the asked type is converted, so a custom
// tool's code gets 5, not "5"; text that does not read as it stays text and the tool answers as it would.

function convert(value: unknown, type: unknown): unknown {
  if (typeof value !== 'string') return value
  const text = value.trim()
  if ((type === 'number' || type === 'integer') && text !== '') {
    const number = Number(text)
    if (Number.isFinite(number) && (type === 'number' || Number.isInteger(number))) return number
  }
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true'
  if (type === 'object' || type === 'array') {
    try {
      const parsed: unknown = JSON.parse(text)
      if (type === 'array' ? Array.isArray(parsed) : isRecord(parsed)) return parsed
    } catch {
      // not JSON: the tool gets the text
    }
  }
  return value
}

/** The rows `{ inputArgName, inputArgValue }` as the tool's input, typed by its JSON schema `inputSchema`. */
export function toolArguments(raw: unknown, inputSchema: Record<string, unknown>): Record<string, unknown> {
  const properties = isRecord(inputSchema.properties) ? inputSchema.properties : {}
  return Object.fromEntries(
    namedRows(raw, 'Tool Input Arguments', 'inputArgName', 'Input Argument Name').map(({ name, row }) => {
      const property = properties[name]
      return [name, convert(row.inputArgValue ?? '', isRecord(property) ? property.type : undefined)]
    }),
  )
}
