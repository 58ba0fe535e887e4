// The "Export All" file (SPEC §3 "Export bundle groups"): Flowise 3.x's format, which Flowise users
// bring to Weft, so every record keeps Flowise's entity field names. Fields marked "Weft's own" are
// extras Flowise ignores; they carry what Weft keeps beyond Flowise so a round trip loses nothing.
import type { ExportFlag } from './export-types.js'
import type { DocumentStoreStatus, LoaderStatus } from '../types/document-store.js'
import type { ExecutionState } from '../types/execution.js'
import type { FlowType, TemplateType } from '../types/flow.js'
import type { ChatMessageStatus, ChatSource, ChatType, FeedbackRating } from '../types/run.js'
import type { VariableType } from '../types/variable.js'

/** The groups of a bundle, in the order Flowise writes them. */
export const BUNDLE_GROUPS = [
  'AgentFlow',
  'AgentFlowV2',
  'AssistantFlow',
  'AssistantCustom',
  'AssistantOpenAI',
  'AssistantAzure',
  'ChatFlow',
  'ChatMessage',
  'ChatMessageFeedback',
  'CustomTemplate',
  'DocumentStore',
  'DocumentStoreFileChunk',
  'Execution',
  'Tool',
  'Variable',
] as const
export type BundleGroup = (typeof BUNDLE_GROUPS)[number]

/** The name Flowise suggests for the downloaded file. */
export const BUNDLE_FILE_NAME = 'ExportData.json'

/** The flow groups and the flow type each holds. */
export const FLOW_GROUPS = {
  ChatFlow: 'CHATFLOW',
  AgentFlow: 'MULTIAGENT',
  AgentFlowV2: 'AGENTFLOW',
  AssistantFlow: 'ASSISTANT',
} as const satisfies Record<string, FlowType>
export type FlowGroup = keyof typeof FLOW_GROUPS

/** The assistant groups and the assistant type each holds. */
export const ASSISTANT_GROUPS = {
  AssistantCustom: 'CUSTOM',
  AssistantOpenAI: 'OPENAI',
  AssistantAzure: 'AZURE',
} as const
export type AssistantGroup = keyof typeof ASSISTANT_GROUPS
export type AssistantRecordType = (typeof ASSISTANT_GROUPS)[AssistantGroup]

/** The groups each export flag fills; a custom assistant goes with the flow built for it. */
export const GROUPS_OF_FLAG: Record<ExportFlag, readonly BundleGroup[]> = {
  agentflow: ['AgentFlow'],
  agentflowv2: ['AgentFlowV2'],
  assistantCustom: ['AssistantCustom', 'AssistantFlow'],
  assistantOpenAI: ['AssistantOpenAI'],
  assistantAzure: ['AssistantAzure'],
  chatflow: ['ChatFlow'],
  chat_message: ['ChatMessage'],
  chat_feedback: ['ChatMessageFeedback'],
  custom_template: ['CustomTemplate'],
  document_store: ['DocumentStore', 'DocumentStoreFileChunk'],
  execution: ['Execution'],
  tool: ['Tool'],
  variable: ['Variable'],
}

export interface FlowRecord {
  id: string
  name: string
  /** JSON text of `{ nodes, edges, viewport }`. */
  flowData: string
  deployed: boolean
  isPublic: boolean
  apikeyid: string | null
  chatbotConfig: string | null
  apiConfig: string | null
  analytic: string | null
  speechToText: string | null
  followUpPrompts: string | null
  category: string | null
  type: FlowType
  createdDate: string
  updatedDate: string
}

export interface ChatMessageRecord {
  id: string
  role: 'userMessage' | 'apiMessage'
  chatflowid: string
  /** Flowise links a message to its run; Weft keeps none, so it is always null. */
  executionId: string | null
  content: string
  /** JSON text of the lists, or null (likewise usedTools). */
  sourceDocuments: string | null
  usedTools: string | null
  fileAnnotations: string | null
  agentReasoning: string | null
  fileUploads: string | null
  artifacts: string | null
  action: string | null
  chatType: ChatType
  chatId: string
  memoryType: string | null
  sessionId: string | null
  createdDate: string
  leadEmail: string | null
  followUpPrompts: string | null
  /** Weft's own: how far the exchange got, and where it was asked (null: not known). */
  status: ChatMessageStatus
  source: ChatSource | null
}

export interface FeedbackRecord {
  id: string
  chatflowid: string
  chatId: string
  messageId: string
  rating: FeedbackRating
  content: string | null
  createdDate: string
}

export interface ExecutionRecord {
  id: string
  /** JSON text of the executed steps. */
  executionData: string
  /** JSON text of the Human Input the run waits on, or null. */
  action: string | null
  state: ExecutionState
  agentflowId: string
  sessionId: string
  isPublic: boolean
  createdDate: string
  updatedDate: string
  stoppedDate: string | null
  /** Weft's own: why the run failed, whether a stopped server cut it, and the run that started it. */
  error: string | null
  interrupted: boolean
  parentExecutionId: string | null
}

/** One loader inside DocumentStore.loaders: Flowise's fields, and Weft's own below. */
export interface LoaderRecord {
  id: string
  storeId: string
  loaderId: string
  loaderName: string
  loaderConfig: Record<string, unknown>
  splitterId?: string
  splitterName?: string
  splitterConfig?: Record<string, unknown>
  totalChunks: number
  totalChars: number
  status: LoaderStatus
  /** Weft's own: metadata added to every chunk, keys left out, the last error, and its dates. */
  metadata?: Record<string, unknown>
  omitMetadataKeys?: string
  error?: string
  createdDate: string
  updatedDate: string
}

export interface DocumentStoreRecord {
  id: string
  name: string
  description: string
  /** JSON text of LoaderRecord[]. */
  loaders: string
  /** JSON text of the ids of the flows that use the store. */
  whereUsed: string
  status: DocumentStoreStatus
  /** JSON text of `{ name, config }`, or null (likewise the next two). */
  vectorStoreConfig: string | null
  embeddingConfig: string | null
  recordManagerConfig: string | null
  createdDate: string
  updatedDate: string
}

export interface ChunkRecord {
  id: string
  /** The loader the chunk came from. */
  docId: string
  storeId: string
  chunkNo: number
  pageContent: string
  /** JSON text of the chunk's metadata. */
  metadata: string
}

export interface ToolRecord {
  id: string
  name: string
  description: string
  color: string
  iconSrc: string | null
  schema: string | null
  func: string | null
  createdDate: string
  updatedDate: string
}

export interface VariableRecord {
  id: string
  name: string
  value: string
  type: VariableType
  createdDate: string
  updatedDate: string
}

export interface AssistantRecord {
  id: string
  /** JSON text of the assistant's details. */
  details: string
  /** Always null in an export: credential ids never travel (SPEC §5). */
  credential: string | null
  iconSrc: string | null
  type: AssistantRecordType
  createdDate: string
  updatedDate: string
}

export interface CustomTemplateRecord {
  id: string
  name: string
  flowData: string
  description: string | null
  badge: string | null
  framework: string | null
  /** JSON text of the use case names (SPEC §3). */
  usecases: string | null
  type: TemplateType
  createdDate: string
  updatedDate: string
}

/** The records of each group. */
export interface BundleRecords {
  AgentFlow: FlowRecord[]
  AgentFlowV2: FlowRecord[]
  AssistantFlow: FlowRecord[]
  AssistantCustom: AssistantRecord[]
  AssistantOpenAI: AssistantRecord[]
  AssistantAzure: AssistantRecord[]
  ChatFlow: FlowRecord[]
  ChatMessage: ChatMessageRecord[]
  ChatMessageFeedback: FeedbackRecord[]
  CustomTemplate: CustomTemplateRecord[]
  DocumentStore: DocumentStoreRecord[]
  DocumentStoreFileChunk: ChunkRecord[]
  Execution: ExecutionRecord[]
  Tool: ToolRecord[]
  Variable: VariableRecord[]
}

export type ExportBundle = { FileDefaultName: string } & BundleRecords

/** A bundle with every group present and empty, as Flowise writes the groups not chosen. */
export function emptyBundle(): ExportBundle {
  const groups = Object.fromEntries(BUNDLE_GROUPS.map((group) => [group, []])) as unknown as BundleRecords
  return { FileDefaultName: BUNDLE_FILE_NAME, ...groups }
}

/** The groups the chosen flags fill. */
export function groupsOfFlags(flags: Partial<Record<ExportFlag, boolean>>): Set<BundleGroup> {
  return new Set(
    (Object.keys(GROUPS_OF_FLAG) as ExportFlag[])
      .filter((flag) => flags[flag] === true)
      .flatMap((f) => GROUPS_OF_FLAG[f]),
  )
}
