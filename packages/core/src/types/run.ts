// What running a flow takes and gives back. Field names follow Flowise's prediction API so its
// SDKs and chat widgets work against Weft unchanged. Every value here is plain serialisable data:
// in queue mode run events cross Redis.

import type {
  ExecutedStep,
  ExecutionState,
  HumanInputAction,
  HumanInputAnswer,
  NextAgentFlowEvent,
} from './execution.js'

/** One earlier turn of a conversation, as clients send it in `history`. */
export interface ChatTurn {
  role: 'userMessage' | 'apiMessage'
  content: string
}

/**
 * A file, image or voice message sent with a question, in Flowise's shape. `data` is base64 (or a
 * base64 `data:` URL), except for 'url', where it is the image's address. 'file' is an image for
 * the chat model (or a whole file), 'file:full' a whole file whose text goes with the question,
 * 'audio' a voice message turned into the question by speech to text, 'file:rag' a file for a
 * vector store (not supported).
 */
export interface Upload {
  type: UploadType
  name: string
  mime: string
  data: string
}

export const UPLOAD_TYPES = ['file', 'url', 'audio', 'file:full', 'file:rag'] as const
export type UploadType = (typeof UPLOAD_TYPES)[number]

/** Body of POST /api/v1/prediction/:id and /internal-prediction/:id. */
export interface PredictionRequest {
  question: string
  streaming?: boolean
  /**
   * Node input values to use for this call only, by input name (or `vars` for variables). Only what
   * the flow allows (its `apiConfig.overrideConfig`) is accepted; anything else answers 403.
   */
  overrideConfig?: Record<string, unknown>
  history?: ChatTurn[]
  uploads?: Upload[]
  chatId?: string
  /** The lead's e-mail when the chatbot asked for it. */
  leadEmail?: string
  /** Agentflows whose Start asks for a form: the form's values by field name (instead of a question). */
  form?: Record<string, unknown>
  /** Agentflows: the answer to the Human Input step the chat's paused run waits on; resumes it. */
  humanInput?: HumanInputAnswer
}

/** A document a retriever found, with where it came from. */
export interface SourceDocument {
  pageContent: string
  metadata: Record<string, unknown>
}

/** A tool the flow called while answering. */
export interface UsedTool {
  tool: string
  toolInput: Record<string, unknown>
  toolOutput: string
}

export interface TokenUsage {
  inputTokens: number
  outputTokens: number
  totalTokens: number
}

/** Sent once, after the answer: the ids the client needs for feedback and the next question. */
export interface RunMetadata {
  chatId: string
  chatMessageId: string
  question: string
  sessionId: string
  usage?: TokenUsage
  /** Questions the user may ask next, when the flow's follow-up prompts are on (a list here, as Flowise streams them). */
  followUpPrompts?: string[]
  /** Agentflows: the execution that recorded the run. */
  executionId?: string
  /** The value an output parser read from the answer (a list or an object), given as `json` in JSON predictions. */
  json?: unknown
}

/**
 * What a run yields, in order: `start`, then `token`s, `sourceDocuments` and `usedTools` as they
 * happen, `metadata`, and last `end` (data "[DONE]"). A failed run yields `error` (the message, naming
 * the node that failed) and then `end`. Streamed to clients as `data: {"event": …, "data": …}` frames.
 */
export type RunEvent =
  | { event: 'start'; data: string }
  | { event: 'token'; data: string }
  | { event: 'sourceDocuments'; data: SourceDocument[] }
  | { event: 'usedTools'; data: UsedTool[] }
  | { event: 'metadata'; data: RunMetadata }
  /** Agentflows: the run's state as it changes (INPROGRESS first, then how it ended). */
  | { event: 'agentFlowEvent'; data: ExecutionState }
  /** Agentflows: a step started, finished or failed, so the canvas lights it up. */
  | { event: 'nextAgentFlow'; data: NextAgentFlowEvent }
  /** Agentflows: every step executed so far, sent after each step. */
  | { event: 'agentFlowExecutedData'; data: ExecutedStep[] }
  /** Agentflows: the run paused at a Human Input step and waits for this answer. */
  | { event: 'action'; data: HumanInputAction }
  /**
   * The run failed: `data` is the message, as Flowise sends it; `status` the HTTP status the same
   * failure answers without streaming (4xx for what the caller or the flow's owner can fix, 502/504
   * for a model's or service's failure or timeout, 500 for Weft's own), for clients that want it.
   */
  | { event: 'error'; data: string; status?: number }
  /** The run was stopped by a Stop its caller sent (`/chatmessage/abort`), in place of its `error`: Flowise's. */
  | { event: 'abort'; data: '[DONE]' }
  | { event: 'end'; data: '[DONE]' }

export type RunEventName = RunEvent['event']

/** JSON answer of a prediction without streaming. */
export interface PredictionResponse {
  text: string
  json?: unknown
  question: string
  chatId: string
  chatMessageId: string
  sessionId: string
  sourceDocuments?: SourceDocument[]
  usedTools?: UsedTool[]
  /** JSON text of the follow-up questions (a list of strings), as Flowise answers them. */
  followUpPrompts?: string
  /** Agentflows: the execution of this run, its steps, and the Human Input it waits on. */
  executionId?: string
  agentFlowExecutedData?: ExecutedStep[]
  action?: HumanInputAction
}

/** 'INTERNAL' when asked from the canvas chat, 'EXTERNAL' from the API, chatbot or embed. */
export type ChatType = 'INTERNAL' | 'EXTERNAL'

/** Weft's finer source of a chat: the canvas, a plain API call, or a browser (public chatbot, embed). */
export type ChatSource = 'ui' | 'api' | 'embed'

/** A stored chat message: GET /api/v1/chatmessage/:flowId. */
/**
 * How far a stored exchange got. The question is stored when the run starts, with its answer
 * `inProgress`; `interrupted` marks an answer the server stopped (crashed, killed) before finishing.
 * A `stopped` answer holds what had arrived; a `failed` or `interrupted` one holds what went wrong.
 */
export type ChatMessageStatus = 'inProgress' | 'complete' | 'stopped' | 'failed' | 'interrupted'

export interface ChatMessage {
  id: string
  role: 'userMessage' | 'apiMessage'
  chatflowid: string
  content: string
  sourceDocuments: SourceDocument[] | null
  usedTools: UsedTool[] | null
  chatType: ChatType
  chatId: string
  sessionId: string | null
  leadEmail: string | null
  createdDate: string
  /** Weft's own field (Flowise has none); absent means `complete`. */
  status?: ChatMessageStatus
  /** JSON text of the follow-up questions offered after this answer; absent when none were. */
  followUpPrompts?: string
  /** Weft's own field: where it was asked. Absent on EXTERNAL messages stored before Weft kept it. */
  source?: ChatSource
  /** JSON text of the files a user's message carried (`FileUploadRecord[]`): Flowise's; absent when none. */
  fileUploads?: string
}

export type FeedbackRating = 'THUMBS_UP' | 'THUMBS_DOWN'

/** Feedback on one answer: /api/v1/feedback. */
export interface ChatMessageFeedback {
  id: string
  chatflowid: string
  chatId: string
  messageId: string
  rating: FeedbackRating
  content: string | null
  createdDate: string
}

/** A person who left contact details in a chatbot that asks for them: /api/v1/leads. */
export interface Lead {
  id: string
  chatflowid: string
  chatId: string
  name: string | null
  email: string | null
  phone: string | null
  createdDate: string
}

/** Colours and texts of one side of the chatbot conversation. */
export interface ChatbotMessageStyle {
  backgroundColor?: string
  textColor?: string
  showAvatar?: boolean
  avatarSrc?: string
}

/** The chatbot's appearance and behaviour: the flow's `chatbotConfig`, stored as JSON text. */
export interface ChatbotConfig {
  title?: string
  titleAvatarSrc?: string
  welcomeMessage?: string
  errorMessage?: string
  backgroundColor?: string
  fontSize?: number
  poweredByTextColor?: string
  botMessage?: ChatbotMessageStyle
  userMessage?: ChatbotMessageStyle
  /** Colours of the title bar. */
  titleBackgroundColor?: string
  titleTextColor?: string
  textInput?: { placeholder?: string; backgroundColor?: string; textColor?: string; sendButtonColor?: string }
  /** Flowise stores `{ "0": { prompt } , … }`; a plain list is read too. `starterPromptsOf` reads both. */
  starterPrompts?: string[] | Record<string, { prompt?: string }>
  /** The line under the chat: "<text> <company>", the company linking to `companyLink`. */
  footer?: { text?: string; company?: string; companyLink?: string }
  /** Thumbs up and down under answers. */
  chatFeedback?: { status: boolean }
  /** Origins allowed to embed the chatbot and call the flow from a browser; empty means any. */
  allowedOrigins?: string[]
  leads?: { status: boolean; title?: string; name?: boolean; email?: boolean; phone?: boolean; successMessage?: string }
  /** Whole files with the question (Flowise's shape; `maxUploadSize`, in MB, is Weft's own). */
  fullFileUpload?: FullFileUploadSetting
  /** A function of the owner's, run on every answer before it is stored and sent. */
  postProcessing?: PostProcessingSetting
  /** Never stored: what the public chatbot config adds, so a chat knows what it may send. */
  uploads?: UploadsConfig
}

export interface FullFileUploadSetting {
  status: boolean
  /** Comma-separated MIME types, e.g. "text/plain,text/csv". */
  allowedUploadFileTypes?: string
  maxUploadSize?: number
}

export interface PostProcessingSetting {
  enabled: boolean
  /** JSON text of the function's code (a JSON string), as Flowise stores it. */
  customFunction?: string
}

/** Types and size limit (MB) of one kind of upload. */
export interface UploadSizeAndTypes {
  fileTypes: string[]
  maxUploadSize: number
}

/** What a chat may send with a question, in the shape Flowise's clients read from the chatbot config. */
export interface UploadsConfig {
  isSpeechToTextEnabled: boolean
  isImageUploadAllowed: boolean
  isRAGFileUploadAllowed: boolean
  imgUploadSizeAndTypes: UploadSizeAndTypes[]
  fileUploadSizeAndTypes: UploadSizeAndTypes[]
}

/** One param of a node type, as the Security tab lists it; `enabled` lets API callers override it. */
export interface OverrideParamSetting {
  label: string
  name: string
  type: string
  enabled: boolean
}

/** One workspace variable that API callers may (when `enabled`) set through `overrideConfig.vars`. */
export interface OverrideVariableSetting {
  id?: string
  name: string
  type?: string
  enabled: boolean
}

/**
 * What API callers may override, in Flowise's stored shape so flows exported from Flowise keep their
 * setting. Off (`status` false or missing) means no overrides at all. `nodes` is keyed by the node's
 * label (`data.label`, e.g. "ChatOpenAI"): every node of that label shares the list.
 */
export interface OverrideConfigSetting {
  status: boolean
  nodes?: Record<string, OverrideParamSetting[]>
  variables?: OverrideVariableSetting[]
}

/** The flow's `apiConfig`, stored as JSON text. */
export interface ApiConfig {
  overrideConfig?: OverrideConfigSetting
  rateLimit?: {
    status: boolean
    /** Requests allowed per window. */
    limitMax: number
    /** Window length in seconds. */
    limitDuration: number
    /** What a refused caller reads. */
    limitMsg?: string
  }
}
