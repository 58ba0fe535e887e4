import type { AllowedOverrides, ChatTurn, Upload } from '@weft/core'
import type {
  DocumentStoreSearch,
  NodeDefinition,
  OutboundFetch,
  ProviderAssistantStore,
  RunFlowRequest,
  RunFlowResult,
  SavedToolStore,
} from '@weft/nodes'
import type { ChatflowCache } from './chatflow-cache.js'
import type { MemoryStore } from './node-contracts.js'
import type { RunObserver } from '../observe/run-observer.js'

/** The stored flow a run needs: its id, owner and version pick the cached graph. */
export interface ChatflowSource {
  id: string
  workspaceId: string
  updatedDate: string
  /** JSON text of core `FlowData`. */
  flowData: string
}

/** One question asked of one chatflow. */
export interface ChatflowRun {
  flow: ChatflowSource
  question: string
  history?: ChatTurn[]
  /** Param values by node id for this run only, and `$vars` values: what `checkOverrides` allowed of the call. */
  overrides?: AllowedOverrides
  uploads?: Upload[]
  chatId: string
  sessionId: string
  chatMessageId: string
  /** Aborted when the client leaves, presses stop, or the server's timeout fires. */
  signal: AbortSignal
  /** The server's time limit, named in the message when `signal` aborts with a TimeoutError. */
  timeoutMs?: number
  /** False when the caller waits for a JSON answer: tokens are still yielded, but models need not stream. */
  streaming?: boolean
}

/** What the server lends the engine: the catalogue and the workspace's variables, credentials and history. */
export interface EngineServices {
  nodes: readonly NodeDefinition[]
  /** `$vars` of the workspace, already resolved by the server. */
  vars: Record<string, string>
  /** Decrypted credential data; rejects when the id is unknown in the flow's workspace. */
  credential: (id: string) => Promise<Record<string, string>>
  memory: MemoryStore
  cache?: ChatflowCache
  /** The server's outbound guard: nodes call the addresses users chose (models, tools) only through it. */
  fetch: OutboundFetch
  /** Told of each node's start and end, e.g. to trace the run; absent when nobody watches. */
  observer?: RunObserver
  /** Where the Embedded Vector Store keeps the workspace's collections. */
  vectorFolder?: string
  /** The one folder the Read File and Write File tools may use; absent when the administrator set none. */
  toolFilesFolder?: string
  /** The workspace's document stores, searched by the Document Store node. */
  documentStores?: DocumentStoreSearch
  /** The workspace's saved tools, which the Custom Tool node runs by id. */
  savedTools?: SavedToolStore
  /** The workspace's OpenAI and Azure assistants, which the OpenAI Assistant node chats with. */
  providerAssistants?: ProviderAssistantStore
  /** Runs another flow of the same workspace for a Chatflow Tool, as its own conversation. */
  runOtherFlow?: (request: RunFlowRequest & { sessionId: string; signal: AbortSignal }) => Promise<RunFlowResult>
}
