import { parseRows } from '@weft/core'
import { excerpt, stepText } from './step-text.js'
import { namedRows } from './rows.js'

// The form a Start step asks for: its fields come from `formInputTypes`, its values from the
// caller's `form`. Values are checked against the field types here, so later steps can rely on
// `{{ $form.age }}` being a number; a chat form sends everything as text, so text that reads as the
// field's type is accepted and converted.

export type FormFieldType = 'string' | 'number' | 'boolean' | 'options'

export interface FormField {
  type: FormFieldType
  label: string
  name: string
  /** For `options` fields: the values the person may pick. */
  options: string[]
}

const FIELD_TYPES: readonly string[] = ['string', 'number', 'boolean', 'options']

/** The fields of the Start step's Form Input Types; throws naming a row without a variable name or type. */
export function readFormFields(raw: unknown): FormField[] {
  return namedRows(raw, 'Form Input Types', 'name', 'Variable Name').map(({ name, row }, index) => {
    const type = stepText(row.type).trim() || 'string'
    if (!FIELD_TYPES.includes(type)) {
      throw new Error(
        `Form Input Types: row ${index + 1} has the type "${type}"; use string, number, boolean or options.`,
      )
    }
    const options = parseRows(row.addOptions)
      .map((option) => stepText(option.option))
      .filter((option) => option !== '')
    return { type: type as FormFieldType, label: stepText(row.label).trim() || name, name, options }
  })
}

function readFieldValue(field: FormField, value: unknown): unknown {
  const wrong = (expected: string) =>
    new Error(`The form field "${field.label}" must be ${expected}, not ${excerpt(value, 60)}.`)
  if (field.type === 'number') {
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
    if (typeof number !== 'number' || !Number.isFinite(number)) throw wrong('a number')
    return number
  }
  if (field.type === 'boolean') {
    if (typeof value === 'boolean') return value
    if (value === 'true' || value === 'false') return value === 'true'
    throw wrong('true or false')
  }
  if (typeof value !== 'string') throw wrong('text')
  if (field.type === 'options' && field.options.length > 0 && !field.options.includes(value)) {
    throw wrong(`one of ${field.options.map((option) => `"${option}"`).join(', ')}`)
  }
  return value
}

/**
 * The form's values for the given fields, in field order, typed. Throws naming the label of the
 * first field that has no value or a value of the wrong type. Values of fields the form does not
 * ask for are left out, so later steps only see what the flow declared.
 */
export function checkForm(
  fields: readonly FormField[],
  form: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const field of fields) {
    const value = form && Object.hasOwn(form, field.name) ? form[field.name] : undefined
    if (value === undefined || value === null) {
      throw new Error(`The form field "${field.label}" (${field.name}) has no value: fill it in to start the flow.`)
    }
    values[field.name] = readFieldValue(field, value)
  }
  return values
}
