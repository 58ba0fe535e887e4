// Assistants kept at a provider (OpenAI's Assistants API v2, or the same API in Azure OpenAI): the
// details Weft stores for them and the provider's objects as the API answers them.

/** The assistant kinds kept at a provider. */
export const PROVIDER_ASSISTANT_TYPES = ['OPENAI', 'AZURE'] as const
export type ProviderAssistantType = (typeof PROVIDER_ASSISTANT_TYPES)[number]

export const isProviderAssistantType = (type: string): type is ProviderAssistantType =>
  (PROVIDER_ASSISTANT_TYPES as readonly string[]).includes(type)

/** The credential type whose key each provider's calls use. */
export const PROVIDER_CREDENTIAL_NAMES: Readonly<Record<ProviderAssistantType, string>> = {
  OPENAI: 'openAIApi',
  AZURE: 'azureOpenAIApi',
}

/** How the provider is named to people. */
export const PROVIDER_LABELS: Readonly<Record<ProviderAssistantType, string>> = {
  OPENAI: 'OpenAI',
  AZURE: 'Azure OpenAI',
}

/** The provider's built-in tools an assistant can switch on here. Function tools are kept as the provider has them. */
export const PROVIDER_ASSISTANT_TOOLS = ['code_interpreter', 'file_search'] as const
export type ProviderAssistantTool = (typeof PROVIDER_ASSISTANT_TOOLS)[number]

/** A file uploaded to the provider, as its `/files` answers it. */
export interface ProviderFile {
  id: string
  filename: string
  bytes: number
  created_at: number
  purpose: string
}

/** The files each built-in tool reads: code interpreter's own files, and file search's vector store. */
export interface ProviderToolResources {
  code_interpreter?: { file_ids: string[] }
  file_search?: { vector_store_ids: string[] }
}

/** A tool of an assistant as the provider answers it; function tools carry their definition. */
export interface ProviderToolSpec {
  type: string
  [field: string]: unknown
}

/** An assistant as the provider answers it. */
export interface ProviderAssistant {
  id: string
  name: string | null
  description: string | null
  model: string
  instructions: string | null
  tools: ProviderToolSpec[]
  tool_resources?: ProviderToolResources | null
  temperature?: number | null
  top_p?: number | null
  created_at: number
}

/** A vector store as the provider answers it. */
export interface ProviderVectorStore {
  id: string
  name: string | null
  created_at: number
  usage_bytes: number
  status: string
  file_counts: { in_progress: number; completed: number; failed: number; cancelled: number; total: number }
}

/** A file of a vector store, with the file's name when the provider's file list knows it. */
export interface ProviderVectorStoreFile {
  id: string
  status: string
  usage_bytes: number
  created_at: number
  filename?: string
}

/** What Weft stores as an OPENAI or AZURE assistant's `details` (Flowise's field names). */
export interface ProviderAssistantDetails {
  /** The assistant's id at the provider (`asst_…`), set once it exists there. */
  id?: string
  name: string
  description?: string
  /** The model; in Azure, the name of a deployment. */
  model: string
  instructions?: string
  temperature?: number
  top_p?: number
  tools: ProviderAssistantTool[]
  tool_resources?: ProviderToolResources
  /** The code interpreter's files by name, for showing them; the provider knows them by id only. */
  files?: Pick<ProviderFile, 'id' | 'filename' | 'bytes'>[]
  /** The flow (type ASSISTANT) that chats with the assistant. */
  chatflowId?: string
}

const isBuiltInTool = (type: string): type is ProviderAssistantTool =>
  (PROVIDER_ASSISTANT_TOOLS as readonly string[]).includes(type)

/**
 * The `tools` to send the provider: the built-in tools switched on here, then the assistant's
 * function tools as the provider holds them, which Weft does not edit and must not drop.
 */
export function providerToolSpecs(
  tools: readonly ProviderAssistantTool[],
  atProvider: readonly ProviderToolSpec[] = [],
): ProviderToolSpec[] {
  const builtIn = PROVIDER_ASSISTANT_TOOLS.filter((tool) => tools.includes(tool)).map((type) => ({ type }))
  return [...builtIn, ...atProvider.filter((tool) => !isBuiltInTool(tool.type))]
}

/** Only the tool resources a switched-on tool reads: the provider refuses resources of a tool the assistant lacks. */
export function providerToolResources(
  tools: readonly ProviderAssistantTool[],
  resources: ProviderToolResources | undefined,
): ProviderToolResources {
  const wanted: ProviderToolResources = {}
  if (tools.includes('code_interpreter'))
    wanted.code_interpreter = { file_ids: resources?.code_interpreter?.file_ids ?? [] }
  if (tools.includes('file_search')) {
    wanted.file_search = { vector_store_ids: resources?.file_search?.vector_store_ids ?? [] }
  }
  return wanted
}

/** The details of an assistant that exists at the provider, to import it ("Load existing"). */
export function detailsOfProviderAssistant(assistant: ProviderAssistant): ProviderAssistantDetails {
  const tools = PROVIDER_ASSISTANT_TOOLS.filter((tool) => assistant.tools.some((spec) => spec.type === tool))
  const resources = assistant.tool_resources ?? {}
  const fileIds = resources.code_interpreter?.file_ids ?? []
  const storeIds = resources.file_search?.vector_store_ids ?? []
  return {
    id: assistant.id,
    name: assistant.name || assistant.id,
    ...(assistant.description ? { description: assistant.description } : {}),
    model: assistant.model,
    ...(assistant.instructions ? { instructions: assistant.instructions } : {}),
    ...(typeof assistant.temperature === 'number' ? { temperature: assistant.temperature } : {}),
    ...(typeof assistant.top_p === 'number' ? { top_p: assistant.top_p } : {}),
    tools,
    ...(fileIds.length || storeIds.length
      ? {
          tool_resources: {
            ...(fileIds.length ? { code_interpreter: { file_ids: fileIds } } : {}),
            ...(storeIds.length ? { file_search: { vector_store_ids: storeIds } } : {}),
          },
        }
      : {}),
  }
}
