import type { InputParam } from '@weft/core'

// Settings the HTTP request tools share.

export const urlParam: InputParam = {
  label: 'URL',
  name: 'url',
  type: 'string',
  description: 'Leave empty to let the agent choose the address.',
  placeholder: 'https://api.example.com/items',
  optional: true,
}

export const requestDescriptionParam = (defaultText: string): InputParam => ({
  label: 'Description',
  name: 'description',
  type: 'string',
  rows: 4,
  description: 'Tells the agent when to use the tool.',
  default: defaultText,
  optional: true,
  additionalParams: true,
})

export const headersParam: InputParam = {
  label: 'Headers',
  name: 'headers',
  type: 'json',
  placeholder: '{ "Authorization": "Bearer …" }',
  optional: true,
  additionalParams: true,
}
