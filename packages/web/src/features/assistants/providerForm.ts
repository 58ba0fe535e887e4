import type {
  Assistant,
  ProviderAssistantDetails,
  ProviderAssistantTool,
  ProviderAssistantType,
  ProviderFile,
} from '@weft/core'

/** What the OpenAI / Azure assistant dialog edits; numbers as typed. */
export interface ProviderAssistantForm {
  /** The assistant's id at the provider, once it exists there. */
  id?: string
  chatflowId?: string
  name: string
  description: string
  iconSrc: string
  credential: string
  model: string
  instructions: string
  temperature: string
  topP: string
  tools: ProviderAssistantTool[]
  /** The code interpreter's files. */
  files: Pick<ProviderFile, 'id' | 'filename' | 'bytes'>[]
  /** The vector store file search reads; '' for none. */
  vectorStoreId: string
}

export type FormErrors = Partial<Record<'name' | 'credential' | 'model' | 'temperature' | 'topP', string>>

export const emptyForm = (): ProviderAssistantForm => ({
  name: '',
  description: '',
  iconSrc: '',
  credential: '',
  model: '',
  instructions: '',
  temperature: '',
  topP: '',
  tools: [],
  files: [],
  vectorStoreId: '',
})

const numberText = (value: unknown) => (typeof value === 'number' ? String(value) : '')

/** The form of stored (or imported) details, read leniently: a damaged text still opens. */
export function formOfDetails(
  details: Partial<ProviderAssistantDetails>,
  extra: { credential?: string | null; iconSrc?: string | null } = {},
): ProviderAssistantForm {
  const fileIds = details.tool_resources?.code_interpreter?.file_ids ?? []
  const named = Array.isArray(details.files) ? details.files : []
  return {
    ...(typeof details.id === 'string' ? { id: details.id } : {}),
    ...(typeof details.chatflowId === 'string' ? { chatflowId: details.chatflowId } : {}),
    name: typeof details.name === 'string' ? details.name : '',
    description: typeof details.description === 'string' ? details.description : '',
    iconSrc: extra.iconSrc ?? '',
    credential: extra.credential ?? '',
    model: typeof details.model === 'string' ? details.model : '',
    instructions: typeof details.instructions === 'string' ? details.instructions : '',
    temperature: numberText(details.temperature),
    topP: numberText(details.top_p),
    tools: Array.isArray(details.tools) ? details.tools : [],
    // Files the provider lists by id only keep their id as name.
    files: fileIds.map((id) => named.find((file) => file.id === id) ?? { id, filename: id, bytes: 0 }),
    vectorStoreId: details.tool_resources?.file_search?.vector_store_ids?.[0] ?? '',
  }
}

/** A saved assistant's form. */
export function formOfAssistant(assistant: Assistant): ProviderAssistantForm {
  let details: Partial<ProviderAssistantDetails> = {}
  try {
    details = JSON.parse(assistant.details) as Partial<ProviderAssistantDetails>
  } catch {
    // Opens empty; saving writes whole details again.
  }
  return formOfDetails(details, assistant)
}

function checkNumber(text: string, max: number, label: string): string | undefined {
  if (text.trim() === '') return undefined
  const value = Number(text)
  if (!Number.isFinite(value) || value < 0 || value > max) return `${label} must be a number from 0 to ${max}`
  return undefined
}

export function checkForm(form: ProviderAssistantForm, type: ProviderAssistantType): FormErrors {
  const errors: FormErrors = {}
  if (!form.name.trim()) errors.name = 'Name is required'
  if (!form.credential) errors.credential = 'Choose a credential'
  if (!form.model.trim()) errors.model = type === 'AZURE' ? 'Deployment name is required' : 'Model is required'
  const temperature = checkNumber(form.temperature, 2, 'Temperature')
  if (temperature) errors.temperature = temperature
  const topP = checkNumber(form.topP, 1, 'Top P')
  if (topP) errors.topP = topP
  return errors
}

/** The assistants API body of the form: details as the server stores them. */
export function bodyOfForm(form: ProviderAssistantForm, type: ProviderAssistantType) {
  const details: ProviderAssistantDetails = {
    ...(form.id ? { id: form.id } : {}),
    ...(form.chatflowId ? { chatflowId: form.chatflowId } : {}),
    name: form.name.trim(),
    ...(form.description.trim() ? { description: form.description.trim() } : {}),
    model: form.model.trim(),
    ...(form.instructions.trim() ? { instructions: form.instructions } : {}),
    ...(form.temperature.trim() ? { temperature: Number(form.temperature) } : {}),
    ...(form.topP.trim() ? { top_p: Number(form.topP) } : {}),
    tools: form.tools,
    tool_resources: {
      ...(form.tools.includes('code_interpreter')
        ? { code_interpreter: { file_ids: form.files.map((f) => f.id) } }
        : {}),
      ...(form.tools.includes('file_search')
        ? { file_search: { vector_store_ids: form.vectorStoreId ? [form.vectorStoreId] : [] } }
        : {}),
    },
    ...(form.tools.includes('code_interpreter') && form.files.length ? { files: form.files } : {}),
  }
  return {
    type,
    credential: form.credential,
    iconSrc: form.iconSrc.trim() || null,
    details: JSON.stringify(details),
  }
}
