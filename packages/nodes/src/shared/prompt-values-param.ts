import type { InputParam } from '@weft/core'

/** Values for a prompt's {variables}: text, or `{{ }}` references to other nodes' output. */
export const promptValuesParam: InputParam = {
  label: 'Format Prompt Values',
  name: 'promptValues',
  type: 'json',
  description: 'A value for each {variable} of the prompt, e.g. { "product": "{{question}}" }.',
  optional: true,
  acceptVariable: true,
  list: true,
}
