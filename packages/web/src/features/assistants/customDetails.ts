import type { Assistant, CustomAssistantDetails } from '@weft/core'

/** A custom assistant's details, read leniently: a damaged text still opens, with its name at least. */
export function readDetails(assistant: Assistant): CustomAssistantDetails {
  let value: Partial<CustomAssistantDetails> = {}
  try {
    value = JSON.parse(assistant.details) as Partial<CustomAssistantDetails>
  } catch {
    // Shown as an empty form; saving writes whole details again.
  }
  return {
    ...value,
    name: typeof value.name === 'string' ? value.name : 'Untitled assistant',
    instruction: typeof value.instruction === 'string' ? value.instruction : '',
    tools: Array.isArray(value.tools) ? value.tools : [],
    documentStores: Array.isArray(value.documentStores) ? value.documentStores : [],
  }
}
