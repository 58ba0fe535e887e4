/** Flowise's assistant kinds: built here from a form (CUSTOM), or kept at a provider (OPENAI, AZURE). */
export const ASSISTANT_TYPES = ['CUSTOM', 'OPENAI', 'AZURE'] as const
export type AssistantType = (typeof ASSISTANT_TYPES)[number]

/** An assistant as the API answers it; Flowise's fields, `details` being JSON text. */
export interface Assistant {
  id: string
  type: AssistantType
  /** JSON text: CustomAssistantDetails for a custom assistant, the provider's assistant for the others. */
  details: string
  /** The credential the provider's calls use (OpenAI, Azure); null for a custom assistant. */
  credential: string | null
  iconSrc: string | null
  workspaceId: string
  createdDate: string
  updatedDate: string
}

/** The chat model a custom assistant answers with: a chat model node of the catalogue and its inputs. */
export interface AssistantModel {
  /** The node's name, e.g. `chatOpenAI`. */
  name: string
  inputs: Record<string, unknown>
  /** The id of a credential of the workspace, when the node takes one. */
  credential?: string
}

/** A tool of a custom assistant: a saved tool (by id) or a tool node that needs no settings (e.g. calculator). */
export type AssistantTool = { kind: 'saved'; id: string } | { kind: 'node'; name: string }

/** A document store the assistant searches, as a tool the model calls when the description fits. */
export interface AssistantKnowledge {
  id: string
  name: string
  /** Tells the model when to search this store. */
  description: string
}

/** What the custom assistant form edits; the server builds the assistant's flow from it. */
export interface CustomAssistantDetails {
  name: string
  description?: string
  /** The system message: who the assistant is and how it answers. */
  instruction: string
  chatModel?: AssistantModel
  tools: AssistantTool[]
  documentStores: AssistantKnowledge[]
  /** The flow (type ASSISTANT) built from these details, once the assistant has a model. */
  chatflowId?: string
}

const TOOL_NAME_MAX = 64

/** Flowise's rule for naming a tool after a title: lower case, spaces to `_`, only ASCII letters, digits, `_` and `-`. */
export function toolNameOfTitle(title: string): string {
  return title
    .toLowerCase()
    .replace(/ /g, '_')
    .replace(/[^a-z0-9_-]/g, '')
    .slice(0, TOOL_NAME_MAX)
}

/** `name`, or `name_2`, `name_3`, … if taken, still within the length models accept. */
export function uniqueToolName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name
  for (let number = 2; ; number++) {
    const suffix = `_${number}`
    const candidate = `${name.slice(0, TOOL_NAME_MAX - suffix.length)}${suffix}`
    if (!taken.has(candidate)) return candidate
  }
}
