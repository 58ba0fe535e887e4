// What each group of an imported bundle must hold: Flowise's fields with their types, absent
// optional fields filled in. Fields Weft has no place for are read (so a wrong type is reported)
// and then not stored.
import { DOCUMENT_STORE_STATUSES, type LoaderStatus } from '../types/document-store.js'
import { EXECUTION_STATES } from '../types/execution.js'
import type { FlowType, TemplateType } from '../types/flow.js'
import type { ChatMessageStatus, ChatType, FeedbackRating } from '../types/run.js'
import { VARIABLE_NAME_PATTERN, VARIABLE_TYPES } from '../types/variable.js'
import { CHAT_SOURCES } from '../messages/chat-source.js'
import type {
  AssistantRecord,
  AssistantRecordType,
  ChatMessageRecord,
  ChunkRecord,
  CustomTemplateRecord,
  DocumentStoreRecord,
  ExecutionRecord,
  FeedbackRecord,
  FlowRecord,
  LoaderRecord,
  ToolRecord,
  VariableRecord,
} from './bundle.js'
import { flowDataProblem } from './flow-data-problem.js'
import {
  checkedText,
  count,
  flag,
  id,
  jsonText,
  matching,
  name,
  object,
  oneOf,
  optionalText,
  orElse,
  text,
  time,
  type FieldReader,
  type RecordReaders,
} from './record-fields.js'

const fixed =
  <T>(value: T): FieldReader<T> =>
  () => ({ ok: true, value })

const CHAT_TYPES = ['INTERNAL', 'EXTERNAL'] as const satisfies readonly ChatType[]
const MESSAGE_STATUSES = [
  'inProgress',
  'complete',
  'stopped',
  'failed',
  'interrupted',
] as const satisfies readonly ChatMessageStatus[]
const RATINGS = ['THUMBS_UP', 'THUMBS_DOWN'] as const satisfies readonly FeedbackRating[]
const LOADER_STATUSES = ['NEW', 'SYNCING', 'SYNC', 'STALE', 'ERROR'] as const satisfies readonly LoaderStatus[]
const TEMPLATE_TYPES = ['Chatflow', 'Agentflow', 'AgentflowV2', 'Tool'] as const satisfies readonly TemplateType[]

/**
 * Flowise's tool colours are gradients such as `linear-gradient(rgb(255,255,255), rgb(255,255,255))`,
 * a character longer than the column at most; without their spaces they fit.
 */
const COLOR_MAX = 50
const toolColor: FieldReader<string> = (value) =>
  text(COLOR_MAX)(typeof value === 'string' && value.length > COLOR_MAX ? value.replace(/\s+/g, '') : value)

const dates = (now: string) => ({ createdDate: orElse(time, now), updatedDate: orElse(time, now) })
const flowData = checkedText(flowDataProblem)
/** Text Weft keeps as it is but has no column for: its type is checked, then it is dropped. */
const unused = optionalText()

export const flowReaders = (type: FlowType, now: string): RecordReaders<FlowRecord> => ({
  id,
  name,
  flowData,
  deployed: flag,
  isPublic: flag,
  apikeyid: optionalText(255),
  chatbotConfig: optionalText(),
  apiConfig: optionalText(),
  analytic: optionalText(),
  speechToText: optionalText(),
  followUpPrompts: optionalText(),
  category: optionalText(),
  // The group says what the flow is.
  type: fixed(type),
  ...dates(now),
})

export const chatMessageReaders = (now: string): RecordReaders<ChatMessageRecord> => ({
  id,
  role: oneOf(['userMessage', 'apiMessage']),
  chatflowid: id,
  executionId: unused,
  content: orElse(text(), ''),
  sourceDocuments: orElse(jsonText('list'), null),
  usedTools: orElse(jsonText('list'), null),
  fileAnnotations: unused,
  agentReasoning: unused,
  fileUploads: unused,
  artifacts: unused,
  action: unused,
  chatType: orElse(oneOf(CHAT_TYPES), 'INTERNAL'),
  chatId: text(255),
  memoryType: unused,
  sessionId: optionalText(255),
  createdDate: orElse(time, now),
  leadEmail: optionalText(255),
  followUpPrompts: optionalText(),
  status: orElse(oneOf(MESSAGE_STATUSES), 'complete'),
  source: orElse(oneOf(CHAT_SOURCES), null),
})

export const feedbackReaders = (now: string): RecordReaders<FeedbackRecord> => ({
  id,
  chatflowid: id,
  chatId: text(255),
  messageId: id,
  rating: oneOf(RATINGS),
  content: optionalText(),
  createdDate: orElse(time, now),
})

export const executionReaders = (now: string): RecordReaders<ExecutionRecord> => ({
  id,
  executionData: jsonText('list'),
  action: orElse(jsonText('object'), null),
  state: oneOf(EXECUTION_STATES),
  agentflowId: id,
  sessionId: text(255),
  isPublic: flag,
  ...dates(now),
  stoppedDate: orElse(time, null),
  error: optionalText(),
  interrupted: flag,
  parentExecutionId: orElse(id, null),
})

export const documentStoreReaders = (now: string): RecordReaders<DocumentStoreRecord> => ({
  id,
  name,
  description: orElse(text(), ''),
  loaders: orElse(jsonText('list'), '[]'),
  whereUsed: orElse(text(), '[]'),
  status: orElse(oneOf(DOCUMENT_STORE_STATUSES), 'EMPTY'),
  vectorStoreConfig: orElse(jsonText('object'), null),
  embeddingConfig: orElse(jsonText('object'), null),
  recordManagerConfig: orElse(jsonText('object'), null),
  ...dates(now),
})

/** A loader inside DocumentStore.loaders; it belongs to the store that lists it, whatever it says. */
export const loaderReaders = (storeId: string, now: string): RecordReaders<LoaderRecord> => ({
  id,
  storeId: fixed(storeId),
  loaderId: text(255),
  loaderName: orElse(text(255), ''),
  loaderConfig: orElse(object, {}),
  splitterId: orElse(text(255), undefined),
  splitterName: orElse(text(255), undefined),
  splitterConfig: orElse(object, undefined),
  totalChunks: orElse(count, 0),
  totalChars: orElse(count, 0),
  status: orElse(oneOf(LOADER_STATUSES), 'NEW'),
  metadata: orElse(object, undefined),
  omitMetadataKeys: orElse(text(), undefined),
  error: orElse(text(), undefined),
  ...dates(now),
})

export const chunkReaders: RecordReaders<ChunkRecord> = {
  id,
  docId: id,
  storeId: id,
  chunkNo: count,
  pageContent: orElse(text(), ''),
  metadata: orElse(jsonText('object'), '{}'),
}

export const toolReaders = (now: string): RecordReaders<ToolRecord> => ({
  id,
  name,
  description: orElse(text(), ''),
  color: orElse(toolColor, ''),
  iconSrc: optionalText(),
  schema: optionalText(),
  func: optionalText(),
  ...dates(now),
})

export const variableReaders = (now: string): RecordReaders<VariableRecord> => ({
  id,
  name: matching(VARIABLE_NAME_PATTERN, 'must start with a letter or _ and hold only letters, digits and _'),
  value: orElse(text(), ''),
  type: orElse(oneOf(VARIABLE_TYPES), 'static'),
  ...dates(now),
})

export const assistantReaders = (type: AssistantRecordType, now: string): RecordReaders<AssistantRecord> => ({
  id,
  details: jsonText('object'),
  credential: optionalText(255),
  iconSrc: optionalText(),
  // The group says what the assistant is.
  type: fixed(type),
  ...dates(now),
})

export const customTemplateReaders = (now: string): RecordReaders<CustomTemplateRecord> => ({
  id,
  name,
  flowData: text(),
  description: optionalText(),
  badge: optionalText(50),
  framework: optionalText(100),
  usecases: orElse(jsonText('list'), null),
  type: oneOf(TEMPLATE_TYPES),
  ...dates(now),
})
