import { explainToolName, isToolIconSrc, readToolInputSchema, type NewSavedTool } from '@weft/core'
import { schemaDraftOf, schemaTextOf, type SchemaDraft } from './schemaRows'
import type { ToolFields } from './toolFile'

/** The tool dialog's fields. */
export interface ToolForm {
  name: string
  description: string
  color: string
  iconSrc: string
  schema: SchemaDraft
  func: string
}

export type ToolFormErrors = Partial<Record<'name' | 'description' | 'iconSrc' | 'schema', string>>

/** Colours a new tool can take; the list screen gives each new tool the next one. */
export const TOOL_COLORS = ['#4F6BED', '#0F9D8A', '#D9822B', '#C2417A', '#7B5CD6', '#2F8FD8', '#5E8C31', '#C0392B']

/** The rule under the Tool Name field. */
export const TOOL_NAME_RULE = 'Up to 64 letters, digits, _ or -. The model calls the tool by it, e.g. get_order_status.'

/** The form for a saved tool, a tool read from a file, or (neither) a new one in `color`. */
export function toolFormOf(tool: ToolFields | undefined, color: string): ToolForm {
  return {
    name: tool?.name ?? '',
    description: tool?.description ?? '',
    color: tool?.color || color,
    iconSrc: tool?.iconSrc ?? '',
    schema: schemaDraftOf(tool?.schema),
    func: tool?.func ?? '',
  }
}

/** What Save sends, and what Export writes. */
export function toToolBody(form: ToolForm): NewSavedTool {
  return {
    name: form.name.trim(),
    description: form.description.trim(),
    color: form.color,
    iconSrc: form.iconSrc.trim() || null,
    schema: schemaTextOf(form.schema),
    func: form.func,
  }
}

/** Why the schema cannot be used, shown as the user types; undefined when it can. */
export function schemaErrorOf(schema: SchemaDraft): string | undefined {
  // JSON the user writes gets the parser's own words: they point at the place to fix.
  if (schema.mode === 'json' && schema.json.trim() !== '') {
    try {
      JSON.parse(schema.json)
    } catch (error) {
      return `Input Schema is not valid JSON: ${(error as Error).message}`
    }
  }
  const reading = readToolInputSchema(schemaTextOf(schema))
  return reading.error === undefined ? undefined : `Input Schema ${reading.error}`
}

export function validateToolForm(form: ToolForm): ToolFormErrors {
  const errors: ToolFormErrors = {}
  const nameError = explainToolName(form.name.trim())
  if (nameError) errors.name = `Tool Name ${nameError}`
  if (form.description.trim() === '')
    errors.description = 'Tool Description is required: it tells the model when to use the tool'
  const iconSrc = form.iconSrc.trim()
  if (iconSrc && !isToolIconSrc(iconSrc))
    errors.iconSrc = 'Tool Icon Source must be an http(s) address, a path on this server or a data:image URL'
  const schemaError = schemaErrorOf(form.schema)
  if (schemaError) errors.schema = schemaError
  return errors
}

/** True when saving would change nothing; a switch of the schema's mode counts as a change. */
export const isUnchanged = (form: ToolForm, initial: ToolForm) =>
  JSON.stringify(toToolBody(form)) === JSON.stringify(toToolBody(initial))
