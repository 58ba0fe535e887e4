import type { NewSavedTool } from '@weft/core'

/** A tool read from a file: what the dialog starts from. Its colour may be missing. */
export type ToolFields = Omit<NewSavedTool, 'color'> & { color?: string | undefined }

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const textOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)

// Flowise writes the schema as JSON text; a file edited by hand may hold the rows themselves.
const schemaText = (value: unknown) =>
  typeof value === 'string' ? textOrNull(value) : Array.isArray(value) || isObject(value) ? JSON.stringify(value) : null

/**
 * Reads a tool file as Flowise's and our Export write it: `{ name, description, color, iconSrc,
 * schema, func }`. Answers the tool, or a sentence saying why the file is not one.
 */
export function readToolFile(text: string): { tool: ToolFields } | { error: string } {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return { error: 'The file is not JSON. Choose a tool file saved with Export.' }
  }
  if (isObject(data) && Array.isArray(data.nodes) && Array.isArray(data.edges))
    return { error: 'The file holds a flow, not a tool. Load it on a canvas instead.' }
  if (!isObject(data) || typeof data.name !== 'string' || data.name.trim() === '')
    return { error: 'The file holds no tool: a tool file has a name, a description, a schema and a function.' }
  return {
    tool: {
      name: data.name.trim(),
      description: typeof data.description === 'string' ? data.description : '',
      color: typeof data.color === 'string' && data.color !== '' ? data.color : undefined,
      iconSrc: textOrNull(data.iconSrc),
      schema: schemaText(data.schema),
      func: typeof data.func === 'string' ? data.func : '',
    },
  }
}

/** The file Export downloads, named `<name>-CustomTool.json` as Flowise names it. */
export function toolExportOf(tool: NewSavedTool): { data: NewSavedTool; fileName: string } {
  const { name, description, color, iconSrc = null, schema = null, func = '' } = tool
  const safeName = name.trim().replace(/[^\w-]+/g, '_') || 'tool'
  return { data: { name, description, color, iconSrc, schema, func }, fileName: `${safeName}-CustomTool.json` }
}
