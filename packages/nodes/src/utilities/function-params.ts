import type { InputParam, NodeOutput } from '@weft/core'

// What the JavaScript utilities share.

/** The value classes a utility's output carries; setVariable accepts any of them. */
export const VALUE_CLASSES = ['string', 'number', 'boolean', 'json', 'array']

export const valueOutput = (label: string, name: string, description?: string): NodeOutput => ({
  label,
  name,
  baseClasses: VALUE_CLASSES,
  ...(description ? { description } : {}),
})

export const functionInputVariablesParam: InputParam = {
  label: 'Input Variables',
  name: 'functionInputVariables',
  type: 'json',
  description: 'Variables for the function, read as $name, e.g. { "city": "{{question}}" }.',
  optional: true,
  acceptVariable: true,
  list: true,
}

export const functionNameParam: InputParam = {
  label: 'Function Name',
  name: 'functionName',
  type: 'string',
  placeholder: 'My Function',
  optional: true,
}
