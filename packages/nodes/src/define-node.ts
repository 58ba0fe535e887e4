import type {
  ChatTurn,
  InputOption,
  MetadataFilter,
  NodeDescriptor,
  ProviderAssistantType,
  RunEvent,
  SavedTool,
  SourceDocument,
  TokenUsage,
  Upload,
  UsedTool,
} from '@weft/core'
import type { RunFlowRequest, RunFlowResult, StepRunner } from './agent-flows/step.js'
import type { OutboundFetch } from './net/outbound-guard.js'
import type { VectorCollection } from './documents/vector-collection.js'

/** What the server passes to a load method: the node's current inputs (when the param has loadConfig). */
export interface LoadMethodRequest {
  inputs: Record<string, unknown>
  credential?: string
  signal?: AbortSignal
  /** The server's outbound guard: the only way a load method may call an address from its inputs. */
  fetch: OutboundFetch
}

/** Computes the options of an asyncOptions / asyncMultiOptions input. */
export type LoadMethod = (request: LoadMethodRequest) => Promise<InputOption[]>

/** Reads a session's earlier turns from the chat messages the server stored. */
export interface MemoryStore {
  /** Oldest first; at most `limit` latest turns when given. */
  history(sessionId: string, limit?: number): Promise<ChatTurn[]>
}

/** What one run shares with every node it builds. */
export interface RunScope {
  flowId: string
  chatId: string
  sessionId: string
  question: string
  /** The images sent with the question (`file` with their data, or `url`); chat models that see images get them. */
  uploads?: Upload[]
  /** Turns sent with the request (`history`); memory nodes read stored ones through `memory`. */
  history: ChatTurn[]
  /** `$vars.<name>` values of the workspace. */
  vars: Record<string, string>
  /** Values set by Set Variable during this run, read by Get Variable. */
  flowState: Map<string, unknown>
  memory: MemoryStore
  /** Sends an event to the caller as it happens (tokens, tools used, documents found). */
  emit: (event: RunEvent) => void
  /** False when the caller waits for the whole answer (JSON): models are then asked without streaming. */
  streaming?: boolean
  signal: AbortSignal
  /** The server's outbound guard: every request to an address a user chose (model, tool) goes through it. */
  fetch: OutboundFetch
  /**
   * The folder where the Embedded Vector Store keeps this workspace's collections (inside the data
   * folder); absent where nothing may be written, and the embedded store then says so.
   */
  vectorFolder?: string
  /** The one folder Read File and Write File may use (WEFT_TOOL_FILES_DIR); absent, they refuse. */
  toolFilesFolder?: string
  /** The workspace's document stores, for nodes and steps that search them (Document Store retriever). */
  documentStores?: DocumentStoreSearch
  /** Told what a vector store node wrote when it was built: the vector upsert API answers with it. */
  onUpsert?: (upserted: UpsertedDocuments) => void
  /** The workspace's saved custom tools (the Tools page), which the Custom Tool node runs by id. */
  savedTools?: SavedToolStore
  /** The workspace's assistants kept at OpenAI or Azure OpenAI, which the OpenAI Assistant node chats with. */
  providerAssistants?: ProviderAssistantStore
  /** Runs another flow of the same workspace (Chatflow Tool); absent where no other flow can run. */
  runFlow?: (request: RunFlowRequest) => Promise<RunFlowResult>
}

/** An assistant kept at a provider, with what calling it takes; only ever held in memory. */
export interface ProviderAssistantAccess {
  type: ProviderAssistantType
  name: string
  /** Its id at the provider (`asst_…`). */
  providerId: string
  /** The decrypted fields of its credential: the key, and where its owner said the provider is. */
  credential: Record<string, string>
}

/** The run's workspace's provider assistants by Weft id, and the provider thread of each chat with one. */
export interface ProviderAssistantStore {
  /** Undefined when the workspace has no such OPENAI or AZURE assistant. */
  get: (assistantId: string) => Promise<ProviderAssistantAccess | undefined>
  threadOf: (assistantId: string, sessionId: string) => Promise<string | undefined>
  /** Remembers (or replaces) the session's thread. */
  keepThread: (assistantId: string, sessionId: string, threadId: string) => Promise<void>
}

/** Reads a saved tool of the run's workspace by id: undefined when the workspace has none of that id. */
export interface SavedToolStore {
  get: (id: string) => Promise<SavedTool | undefined>
}

/** What a vector store node wrote: Flowise's counts, and the documents that were new to the store. */
export interface UpsertedDocuments {
  numAdded: number
  numUpdated: number
  numSkipped: number
  addedDocs: SourceDocument[]
}

/** Searches a workspace's document store with the embedding and vector store it was upserted with. */
export interface DocumentStoreSearch {
  /** Stores that have been upserted and can be searched: for pickers. */
  list: () => Promise<{ id: string; name: string; description: string }[]>
  /** The `k` closest chunks (score, metadata with `source`), or an error naming what is missing. */
  search: (
    storeId: string,
    query: string,
    options: { k?: number; filter?: MetadataFilter; signal?: AbortSignal },
  ) => Promise<{ document: SourceDocument; score: number }[]>
  /** Every chunk the store's loaders made, as documents (the Document Store loader), or an error naming what is missing. */
  chunks: (storeId: string) => Promise<SourceDocument[]>
}

/** What a node receives when a flow runs it. */
export interface NodeRunContext {
  nodeId: string
  label: string
  /**
   * Input values by name with `{{question}}`, `$vars.x` and `$flow.x` resolved; a connected anchor
   * holds the upstream node's built value (an array of them for list anchors).
   */
  inputs: Record<string, unknown>
  /** The chosen output of a node with selectable outputs (`data.outputs.output`). */
  output?: string
  /** Decrypted fields of the node's credential, when it names one. */
  credential?: Record<string, string>
  /** True when this node's value is the answer of the flow (the ending node). */
  isEnding: boolean
  scope: RunScope
}

/** What an ending node's value gives back. */
export interface Answer {
  text: string
  json?: unknown
  sourceDocuments?: SourceDocument[]
  usedTools?: UsedTool[]
  usage?: TokenUsage
}

/**
 * The value of a node that can end a flow (chains, agents): the engine calls `answer` once all
 * nodes are built. It streams tokens through `scope.emit` and resolves with the whole answer.
 */
export interface Answerer {
  answer: (scope: RunScope) => Promise<Answer>
}

export const isAnswerer = (value: unknown): value is Answerer =>
  typeof value === 'object' && value !== null && typeof (value as Answerer).answer === 'function'

/** One catalogue entry: the descriptor is plain data; behaviour lives beside it, never inside it. */
export interface NodeDefinition {
  descriptor: NodeDescriptor
  loadMethods?: Record<string, LoadMethod>
  /**
   * Chatflow nodes: builds the node's value from its inputs (a model, a prompt, a tool, or an
   * Answerer for ending nodes). Absent on agentflow steps, which have `step` instead.
   */
  run?: (context: NodeRunContext) => Promise<unknown>
  /** Agentflow steps (V2 and sequential agents): runs the step when the control flow reaches it. */
  step?: StepRunner
  /**
   * Vector store nodes: opens the collection their inputs name (credential decrypted in `credential`),
   * for document store upserts and queries; `dimensions` is the embedding's vector length.
   */
  openCollection?: (context: NodeRunContext, dimensions: number) => Promise<VectorCollection>
}

/** Declares a node; exists so each node file is type-checked against NodeDefinition where it is written. */
export function defineNode(definition: NodeDefinition): NodeDefinition {
  return definition
}

/** What `run` throws for a node whose execution has not been written yet. */
export class NotRunnableYetError extends Error {
  constructor(nodeLabel = 'This node') {
    super(`${nodeLabel} cannot run yet: running flows arrives in a later version of Weft.`)
    this.name = 'NotRunnableYetError'
  }
}

/** The `run` of every node that cannot run yet. */
export async function notRunnableYet(): Promise<never> {
  throw new NotRunnableYetError()
}

/** Builds a chatflow node's value; an agentflow step (no `run`) placed in a chatflow says where it belongs. */
export function buildComponent(definition: NodeDefinition, context: NodeRunContext): Promise<unknown> {
  if (!definition.run) {
    return Promise.reject(new Error(`${context.label} is an agentflow step: it runs in agentflows, not in chatflows.`))
  }
  return definition.run(context)
}
