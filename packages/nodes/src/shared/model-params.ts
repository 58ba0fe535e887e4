import type { InputParam } from '@weft/core'

// Settings most chat models share; the rarely changed ones sit in Additional Parameters.

export const temperatureParam = (defaultValue: number): InputParam => ({
  label: 'Temperature',
  name: 'temperature',
  type: 'number',
  description: 'Higher values make answers more varied, lower values more focused.',
  step: 0.1,
  default: defaultValue,
  optional: true,
})

export const streamingParam: InputParam = {
  label: 'Streaming',
  name: 'streaming',
  type: 'boolean',
  description: 'Send the answer token by token as it is written.',
  default: true,
  optional: true,
  additionalParams: true,
}

export const maxTokensParam = (name = 'maxTokens'): InputParam => ({
  label: 'Max Tokens',
  name,
  type: 'number',
  description: 'The longest answer, in tokens.',
  step: 1,
  optional: true,
  additionalParams: true,
})

export const topPParam: InputParam = {
  label: 'Top Probability',
  name: 'topP',
  type: 'number',
  description: 'Sample only from the tokens that make up this share of the probability mass.',
  step: 0.1,
  optional: true,
  additionalParams: true,
}

export const frequencyPenaltyParam: InputParam = {
  label: 'Frequency Penalty',
  name: 'frequencyPenalty',
  type: 'number',
  description: 'Positive values make the model repeat itself less.',
  step: 0.1,
  optional: true,
  additionalParams: true,
}

export const presencePenaltyParam: InputParam = {
  label: 'Presence Penalty',
  name: 'presencePenalty',
  type: 'number',
  description: 'Positive values nudge the model towards new topics.',
  step: 0.1,
  optional: true,
  additionalParams: true,
}

export const topKParam: InputParam = {
  label: 'Top K',
  name: 'topK',
  type: 'number',
  description: 'Sample only from this many most likely tokens.',
  step: 1,
  optional: true,
  additionalParams: true,
}

export const timeoutParam: InputParam = {
  label: 'Timeout',
  name: 'timeout',
  type: 'number',
  description: 'Milliseconds to wait for the provider before giving up.',
  step: 1,
  optional: true,
  additionalParams: true,
}

export const allowImageUploadsParam: InputParam = {
  label: 'Allow Image Uploads',
  name: 'allowImageUploads',
  type: 'boolean',
  description: 'Let chat users attach images, for models that can see them.',
  default: false,
  optional: true,
}

/** How closely the model looks at an attached image: OpenAI's detail. Flowise's input, default Low. */
export const imageResolutionParam: InputParam = {
  label: 'Image Resolution',
  name: 'imageResolution',
  type: 'options',
  description: 'How closely the model looks at an attached image: Low costs fewer tokens, High sees more detail.',
  options: [
    { label: 'Low', name: 'low' },
    { label: 'High', name: 'high' },
    { label: 'Auto', name: 'auto' },
  ],
  default: 'low',
  optional: true,
  show: { allowImageUploads: true },
}

export const baseOptionsParam: InputParam = {
  label: 'Base Options',
  name: 'baseOptions',
  type: 'json',
  description: 'Extra request options, such as headers, sent with every call.',
  placeholder: '{ "headers": { "X-Team": "support" } }',
  optional: true,
  additionalParams: true,
}
