import type { BundleGroup } from '@weft/core'
import { UNMIGRATED_TABLES, type FlowiseRow, type FlowiseTables } from './flowise-database.js'
import type { LeftBehind } from './migration-report.js'

// Flowise's rows as the records of an "Export All" file, which is Flowise's own export of the same
// rows: the same field names, with SQLite's 0/1 flags and its `YYYY-MM-DD HH:MM:SS` UTC times made
// the booleans and ISO times the file holds. Credentials, API keys and leads, which an export does
// not carry, are read beside the bundle.

export type RawRecord = Record<string, unknown>
export type RawBundle = Record<BundleGroup, RawRecord[]>

const SQLITE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?$/

/** A time as ISO-8601 UTC; SQLite's datetime text is UTC without a zone. */
export const isoTime = (value: unknown): unknown => {
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'string' && SQLITE_TIME.test(value)) return `${value.replace(' ', 'T')}Z`
  return value
}

const bool = (value: unknown): boolean => value === true || value === 1 || value === '1' || value === 'true'

/** Text, or null for an absent or empty value. */
const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

const pick = (row: FlowiseRow, fields: readonly string[]): RawRecord => {
  const record: RawRecord = {}
  for (const field of fields) {
    const value = row[field]
    if (value !== undefined && value !== null) record[field] = field.endsWith('Date') ? isoTime(value) : value
  }
  return record
}

const FLOW_FIELDS = ['id', 'name', 'flowData', 'chatbotConfig', 'apiConfig', 'analytic', 'speechToText']
const FLOW_MORE = ['followUpPrompts', 'category', 'createdDate', 'updatedDate']

const GROUP_OF_FLOW_TYPE: Record<string, BundleGroup> = {
  CHATFLOW: 'ChatFlow',
  MULTIAGENT: 'AgentFlow',
  AGENTFLOW: 'AgentFlowV2',
  ASSISTANT: 'AssistantFlow',
}
const GROUP_OF_ASSISTANT_TYPE: Record<string, BundleGroup> = {
  CUSTOM: 'AssistantCustom',
  OPENAI: 'AssistantOpenAI',
  AZURE: 'AssistantAzure',
}

const MESSAGE_FIELDS = [
  'id',
  'role',
  'chatflowid',
  'content',
  'sourceDocuments',
  'usedTools',
  'fileAnnotations',
  'agentReasoning',
  'fileUploads',
  'artifacts',
  'action',
  'chatType',
  'chatId',
  'memoryType',
  'sessionId',
  'createdDate',
  'leadEmail',
  'followUpPrompts',
]
const FEEDBACK_FIELDS = ['id', 'chatflowid', 'chatId', 'messageId', 'rating', 'content', 'createdDate']
const EXECUTION_FIELDS = ['id', 'executionData', 'action', 'state', 'agentflowId', 'sessionId']
const STORE_FIELDS = ['id', 'name', 'description', 'loaders', 'whereUsed', 'status', 'vectorStoreConfig']
const STORE_MORE = ['embeddingConfig', 'recordManagerConfig', 'createdDate', 'updatedDate']
const CHUNK_FIELDS = ['id', 'docId', 'storeId', 'chunkNo', 'pageContent', 'metadata']
const TOOL_FIELDS = ['id', 'name', 'description', 'color', 'iconSrc', 'schema', 'func', 'createdDate', 'updatedDate']
const VARIABLE_FIELDS = ['id', 'name', 'value', 'type', 'createdDate', 'updatedDate']
const ASSISTANT_FIELDS = ['id', 'details', 'credential', 'iconSrc', 'createdDate', 'updatedDate']
const TEMPLATE_FIELDS = ['id', 'name', 'flowData', 'description', 'badge', 'framework', 'usecases', 'type']

const OUTSIDE_CHAT_TYPES = new Set(['MCP', 'SCHEDULED', 'WEBHOOK'])
const EVALUATION_MESSAGE = 'it belongs to a Flowise evaluation run, which Weft does not keep as a conversation'

const emptyBundle = (): RawBundle => ({
  AgentFlow: [],
  AgentFlowV2: [],
  AssistantFlow: [],
  AssistantCustom: [],
  AssistantOpenAI: [],
  AssistantAzure: [],
  ChatFlow: [],
  ChatMessage: [],
  ChatMessageFeedback: [],
  CustomTemplate: [],
  DocumentStore: [],
  DocumentStoreFileChunk: [],
  Execution: [],
  Tool: [],
  Variable: [],
})

/** The Export All bundle of the Flowise rows, and the rows of a kind Weft has no place for. */
export function toRawBundle(tables: FlowiseTables): { bundle: RawBundle; leftBehind: LeftBehind[] } {
  const bundle = emptyBundle()
  const leftBehind: LeftBehind[] = []
  for (const row of tables.chat_flow) {
    const type = typeof row.type === 'string' && row.type !== '' ? row.type : 'CHATFLOW'
    const group = GROUP_OF_FLOW_TYPE[type]
    if (!group) {
      leftBehind.push({
        kind: 'chatflows',
        name: String(row.name ?? row.id),
        reason: `its type ${type} is not one Weft has`,
      })
      continue
    }
    bundle[group].push({
      ...pick(row, [...FLOW_FIELDS, ...FLOW_MORE]),
      deployed: bool(row.deployed),
      isPublic: bool(row.isPublic),
      apikeyid: textOrNull(row.apikeyid),
    })
  }
  for (const row of tables.assistant) {
    const group = GROUP_OF_ASSISTANT_TYPE[String(row.type ?? 'CUSTOM')]
    if (!group) {
      leftBehind.push({
        kind: 'assistants',
        name: String(row.id),
        reason: `its type ${String(row.type)} is not one Weft has`,
      })
      continue
    }
    bundle[group].push(pick(row, ASSISTANT_FIELDS))
  }
  for (const row of tables.chat_message) {
    if (row.chatType === 'EVALUATION') {
      leftBehind.push({ kind: 'chatMessages', name: String(row.id), reason: EVALUATION_MESSAGE })
      continue
    }
    const message = pick(row, MESSAGE_FIELDS)
    // Flowise 3 also marks runs by its MCP server, schedules and webhooks: all came from outside the app.
    if (typeof row.chatType === 'string' && OUTSIDE_CHAT_TYPES.has(row.chatType)) message.chatType = 'EXTERNAL'
    bundle.ChatMessage.push(message)
  }
  bundle.ChatMessageFeedback = tables.chat_message_feedback.map((row) => pick(row, FEEDBACK_FIELDS))
  bundle.Execution = tables.execution.map((row) => ({
    ...pick(row, [...EXECUTION_FIELDS, 'createdDate', 'updatedDate', 'stoppedDate']),
    isPublic: bool(row.isPublic),
  }))
  bundle.DocumentStore = tables.document_store.map((row) => pick(row, [...STORE_FIELDS, ...STORE_MORE]))
  bundle.DocumentStoreFileChunk = tables.document_store_file_chunk.map((row) => ({
    ...pick(row, CHUNK_FIELDS),
    chunkNo: Number(row.chunkNo),
  }))
  bundle.Tool = tables.tool.map((row) => pick(row, TOOL_FIELDS))
  bundle.Variable = tables.variable.map((row) => pick(row, VARIABLE_FIELDS))
  bundle.CustomTemplate = tables.custom_template.map((row) =>
    pick(row, [...TEMPLATE_FIELDS, 'createdDate', 'updatedDate']),
  )
  for (const [table, count] of Object.entries(tables.unmigrated)) {
    const what = UNMIGRATED_TABLES[table as keyof typeof UNMIGRATED_TABLES]
    leftBehind.push({
      kind: 'other',
      name: `${count} ${what}`,
      reason: `this migration does not bring Flowise's ${what}`,
    })
  }
  return { bundle, leftBehind }
}

/** A Flowise lead: who left their details in a chat. */
export type LeadRecord = {
  id: string
  name: string | null
  email: string | null
  phone: string | null
  chatflowid: string
  chatId: string
  createdDate: string
}

export const toLeads = (tables: FlowiseTables): LeadRecord[] =>
  tables.lead.map((row) => ({
    id: String(row.id),
    name: textOrNull(row.name),
    email: textOrNull(row.email),
    phone: textOrNull(row.phone),
    chatflowid: String(row.chatflowid),
    chatId: String(row.chatId),
    createdDate: String(isoTime(row.createdDate) ?? new Date().toISOString()),
  }))
