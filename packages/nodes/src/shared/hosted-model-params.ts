import type { InputParam } from '@weft/core'

// Inputs of the nodes of hosted OpenAI-style services (DeepSeek, OpenRouter, xAI, …) that the
// general model params do not have.

/** A Model Name typed in, as those services' Flowise nodes ask for it. */
export const typedModelParam = (placeholder: string, label = 'Model Name', defaultValue?: string): InputParam => ({
  label,
  name: 'modelName',
  type: 'string',
  description: 'The model id as the service names it.',
  placeholder,
  ...(defaultValue ? { default: defaultValue } : {}),
})

export const stopSequenceParam: InputParam = {
  label: 'Stop Sequence',
  name: 'stopSequence',
  type: 'string',
  rows: 4,
  description: 'Words that end the answer when the model writes them, separated by commas.',
  optional: true,
  additionalParams: true,
}

/** The address of the server, for the nodes whose Flowise counterpart lets the flow name it. */
export const serverAddressParam = (label: string, placeholder: string, defaultValue?: string): InputParam => ({
  label,
  name: 'basePath',
  type: 'string',
  description: 'The address of the server, or of a proxy that speaks its API.',
  placeholder,
  ...(defaultValue ? { default: defaultValue, optional: true, additionalParams: true } : {}),
})

/** Temperature without a default, for services whose models may not take one (Hugging Face). */
export const optionalTemperatureParam: InputParam = {
  label: 'Temperature',
  name: 'temperature',
  type: 'number',
  description: 'Higher values make answers more varied; not every model takes it.',
  step: 0.1,
  optional: true,
  additionalParams: true,
}
