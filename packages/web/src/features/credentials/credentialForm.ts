import { REDACTED_SECRET, type InputParam } from '@weft/core'
import { required, type FormValues, type Rule, type Rules } from '../../components/form/validators'

/** Form keys of the type's fields; the prefix keeps an input called "name" apart from the credential's name. */
export const dataKey = (input: Pick<InputParam, 'name'>) => `data.${input.name}`

const textOf = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value)

/** A secret the server already holds: its field starts empty, and left empty it keeps the stored value. */
export const isSavedSecret = (input: InputParam, stored: Record<string, string> | undefined) =>
  input.type === 'password' && stored?.[input.name] === REDACTED_SECRET

/** The form's first values: the credential's name and each field's stored value or default. */
export function initialValues(
  inputs: readonly InputParam[],
  credential?: { name: string; plainDataObj?: Record<string, string> | undefined },
): FormValues {
  const stored = credential?.plainDataObj
  const values: FormValues = { name: credential?.name ?? '' }
  for (const input of inputs) {
    values[dataKey(input)] = isSavedSecret(input, stored)
      ? ''
      : textOf(stored && input.name in stored ? stored[input.name] : input.default)
  }
  return values
}

const isNumber: Rule = (value) => (value.trim() === '' || Number.isFinite(Number(value)) ? undefined : 'Enter a number')

/** Name and required fields must be filled; a saved secret counts as filled. */
export function credentialRules(inputs: readonly InputParam[], stored?: Record<string, string>): Rules<FormValues> {
  const rules: Rules<FormValues> = { name: [required('Credential name')] }
  for (const input of inputs) {
    const checks: Rule[] = []
    if (!input.optional && !isSavedSecret(input, stored) && input.type !== 'boolean') checks.push(required(input.label))
    if (input.type === 'number') checks.push(isNumber)
    rules[dataKey(input)] = checks
  }
  return rules
}

/** The field values to send; an untouched saved secret goes back redacted, so the server keeps it. */
export function toPlainData(
  inputs: readonly InputParam[],
  values: FormValues,
  stored?: Record<string, string>,
): Record<string, string> {
  const data: Record<string, string> = {}
  for (const input of inputs) {
    const value = values[dataKey(input)] ?? ''
    if (value === '' && isSavedSecret(input, stored)) data[input.name] = REDACTED_SECRET
    else if (value !== '') data[input.name] = value
  }
  return data
}
