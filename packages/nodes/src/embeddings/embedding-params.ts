import type { InputParam } from '@weft/core'

// Settings the OpenAI-style embedding nodes share.

export const stripNewLinesParam: InputParam = {
  label: 'Strip New Lines',
  name: 'stripNewLines',
  type: 'boolean',
  description: 'Replace line breaks with spaces before embedding.',
  optional: true,
  additionalParams: true,
}

export const batchSizeParam: InputParam = {
  label: 'Batch Size',
  name: 'batchSize',
  type: 'number',
  description: 'How many texts go into one request.',
  step: 1,
  optional: true,
  additionalParams: true,
}

export const dimensionsParam: InputParam = {
  label: 'Dimensions',
  name: 'dimensions',
  type: 'number',
  description: 'Shorten the vectors to this length (text-embedding-3 models only).',
  step: 1,
  optional: true,
  additionalParams: true,
}
