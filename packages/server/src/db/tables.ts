import type { Insertable, Selectable, Updateable } from 'kysely'
import type {
  AssistantType,
  ChatMessageStatus,
  ChatSource,
  ChatType,
  DocumentStoreJob,
  DocumentStoreStatus,
  ExecutionState,
  FeedbackRating,
  LoaderStatus,
  FlowType,
  TemplateType,
  VariableType,
} from '@weft/core'

/** Booleans are stored as 0/1 on both dialects so one query shape serves both. */
export type Flag = 0 | 1
/** ISO-8601 UTC text. */
export type Timestamp = string

export interface UsersTable {
  id: string
  email: string
  name: string
  password_hash: string | null
  status: 'active' | 'unverified' | 'invited' | 'disabled'
  is_sso: Flag
  last_login: Timestamp | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface OrganizationsTable {
  id: string
  name: string
  owner_id: string
  plan: string
  subscription_id: string | null
  customer_id: string | null
  product_id: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface RolesTable {
  id: string
  /** Null for the built-in roles every organization shares. */
  organization_id: string | null
  name: string
  description: string
  /** JSON array of permission strings. */
  permissions: string
  created_at: Timestamp
  updated_at: Timestamp
}

export interface OrganizationUsersTable {
  organization_id: string
  user_id: string
  role_id: string | null
  is_admin: Flag
  status: string
  created_at: Timestamp
}

export interface WorkspacesTable {
  id: string
  organization_id: string
  name: string
  description: string
  is_default: Flag
  created_at: Timestamp
  updated_at: Timestamp
}

export interface WorkspaceUsersTable {
  workspace_id: string
  user_id: string
  role_id: string | null
  status: string
  last_login: Timestamp | null
  created_at: Timestamp
}

export interface LoginSessionsTable {
  id: string
  user_id: string
  workspace_id: string
  ip: string | null
  user_agent: string | null
  created_at: Timestamp
  expires_at: Timestamp
  revoked_at: Timestamp | null
}

export interface RefreshTokensTable {
  id: string
  session_id: string
  token_hash: string
  created_at: Timestamp
  expires_at: Timestamp
  used_at: Timestamp | null
}

export type AccountTokenPurpose = 'verify' | 'reset' | 'invite'

export interface AccountTokensTable {
  id: string
  user_id: string
  purpose: AccountTokenPurpose
  token_hash: string
  created_at: Timestamp
  expires_at: Timestamp
  used_at: Timestamp | null
}

export interface LoginActivityTable {
  id: string
  user_id: string | null
  email: string
  activity: string
  message: string
  ip: string | null
  user_agent: string | null
  created_at: Timestamp
}

export interface AuditLogTable {
  id: string
  organization_id: string
  workspace_id: string | null
  actor_user_id: string | null
  actor_api_key_id: string | null
  actor_name: string
  actor_email: string | null
  action: string
  object_type: string
  object_id: string | null
  object_name: string | null
  method: string
  route: string
  status_code: number
  ip: string | null
  user_agent: string | null
  created_at: Timestamp
}

export interface FlowsTable {
  id: string
  workspace_id: string
  name: string
  type: FlowType
  /** JSON text of the flow's nodes, edges and viewport. */
  flow_data: string
  deployed: Flag
  is_public: Flag
  category: string | null
  /** JSON text, or null. */
  chatbot_config: string | null
  /** JSON text, or null. */
  api_config: string | null
  /** The API key that may call the flow's prediction; cleared when the key is deleted. */
  apikey_id: string | null
  /** JSON text of the tracing settings by provider (Flowise's `analytic`), or null: off. */
  analytic: string | null
  /** JSON text of the speech to text providers (Flowise's `speechToText`), or null. */
  speech_to_text: string | null
  /** JSON text of the follow-up prompts setting (`{"status":true,…}`), or null: off. */
  follow_up_prompts: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface ChatMessagesTable {
  id: string
  workspace_id: string
  chatflow_id: string
  role: 'userMessage' | 'apiMessage'
  content: string
  /** JSON text of SourceDocument[], or null. */
  source_documents: string | null
  /** JSON text of UsedTool[], or null. */
  used_tools: string | null
  chat_type: ChatType
  chat_id: string
  session_id: string | null
  lead_email: string | null
  created_at: Timestamp
  /** How far the exchange got; both its question and its answer carry it. */
  status: ChatMessageStatus
  /** JSON text of the questions offered after this answer, or null. */
  follow_up_prompts: string | null
  /** Where it was asked (ui, api, embed); null on rows stored before Weft kept it. */
  source: ChatSource | null
  /** JSON text of the files a user's message carried (Flowise's `fileUploads`), or null. */
  file_uploads: string | null
}

export interface ChatFeedbackTable {
  id: string
  workspace_id: string
  chatflow_id: string
  chat_id: string
  message_id: string
  rating: FeedbackRating
  content: string | null
  created_at: Timestamp
}

export interface LeadsTable {
  id: string
  workspace_id: string
  chatflow_id: string
  chat_id: string
  name: string | null
  email: string | null
  phone: string | null
  created_at: Timestamp
}

export interface CredentialsTable {
  id: string
  workspace_id: string
  name: string
  /** The credential type, e.g. `openAIApi`. */
  credential_name: string
  /** The field values as JSON, encrypted by auth/encryption.ts. */
  encrypted_data: string
  created_at: Timestamp
  updated_at: Timestamp
}

export interface VariablesTable {
  id: string
  workspace_id: string
  name: string
  value: string
  type: VariableType
  created_at: Timestamp
  updated_at: Timestamp
}

export interface ApiKeysTable {
  id: string
  workspace_id: string
  key_name: string
  /** hashToken of the key; the key itself is never stored. */
  key_hash: string
  key_preview: string
  /** JSON list of permission strings (Flowise's `permissions`); '[]' for a key that only runs its bound flows. */
  permissions: string
  created_at: Timestamp
}

/** One vector upsert of a flow (Flowise's UpsertHistory); result and flow_data are JSON text. */
export interface UpsertHistoryTable {
  id: string
  workspace_id: string
  flow_id: string
  /** The counts: numAdded, numDeleted, numUpdated, numSkipped. */
  result: string
  /** The vector store nodes of the flow, by id: label and name. */
  flow_data: string
  created_at: Timestamp
}

export interface ExecutionsTable {
  id: string
  workspace_id: string
  /** The agentflow that ran. */
  agentflow_id: string
  session_id: string
  state: ExecutionState
  /** JSON text of ExecutedStep[]. */
  execution_data: string
  /** JSON text of the HumanInputAction a paused run waits on, or null. */
  action: string | null
  /** JSON text of the engine's Checkpoint, or null; never answered by the API. */
  checkpoint: string | null
  error: string | null
  /** 1 when a server stopped during the run (it can be resumed). */
  interrupted: Flag
  is_public: Flag
  /** The execution whose Execute Flow step started this one, or null. */
  parent_execution_id: string | null
  created_at: Timestamp
  updated_at: Timestamp
  stopped_at: Timestamp | null
}

export interface DocumentStoresTable {
  id: string
  workspace_id: string
  name: string
  description: string
  status: DocumentStoreStatus
  /** JSON text of `{ name, config }`, or null: not chosen yet (likewise the next two). */
  embedding_config: string | null
  vector_store_config: string | null
  record_manager_config: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface DocumentStoreLoadersTable {
  id: string
  store_id: string
  workspace_id: string
  /** The loader node's name, e.g. `csvFile`. */
  loader_id: string
  loader_name: string
  /** JSON text of the loader node's inputs; files are listed by id in `files`. */
  loader_config: string
  splitter_id: string | null
  splitter_name: string | null
  /** JSON text of the splitter node's inputs, or null. */
  splitter_config: string | null
  /** JSON text of the metadata added to every chunk, or null. */
  metadata: string | null
  /** Comma-separated metadata keys left out of every chunk (`*`: all the loader's own), or null. */
  omit_metadata_keys: string | null
  status: LoaderStatus
  total_chunks: number
  total_chars: number
  error: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface DocumentStoreFilesTable {
  id: string
  store_id: string
  /** The loader that reads it; null until a saved loader lists it. */
  loader_id: string | null
  workspace_id: string
  name: string
  mime: string
  size: number
  /** The file's bytes as base64 (the form the loader nodes read). */
  content: string
  created_at: Timestamp
}

export interface DocumentStoreChunksTable {
  id: string
  store_id: string
  loader_id: string
  workspace_id: string
  chunk_no: number
  page_content: string
  /** JSON text of the chunk's metadata. */
  metadata: string
}

/** A vector a store's upserts put into its vector store; its id hashes the chunk's loader, text and metadata. */
export interface DocumentStoreRecordsTable {
  store_id: string
  vector_id: string
  workspace_id: string
  loader_id: string
  upserted_at: Timestamp
}

/** One upsert of a store; its status and error are its job's. */
export interface DocumentStoreUpsertsTable {
  id: string
  store_id: string
  workspace_id: string
  job_id: string
  embedding_name: string
  vector_store_name: string
  /** JSON text of the UpsertResult once the upsert is over, else null. */
  result: string | null
  created_at: Timestamp
}

export interface DocumentStoreJobsTable {
  id: string
  store_id: string
  loader_id: string | null
  workspace_id: string
  kind: DocumentStoreJob['kind']
  status: DocumentStoreJob['status']
  done: number
  total: number
  error: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface ToolsTable {
  id: string
  workspace_id: string
  name: string
  description: string
  color: string
  icon_src: string | null
  /** JSON text of the input properties (Flowise's grid rows), or null. */
  schema: string | null
  /** The JavaScript the tool runs in the sandbox, or null. */
  func: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface AssistantsTable {
  id: string
  workspace_id: string
  type: AssistantType
  /** JSON text of the assistant's details (name, instructions, model, tools, …). */
  details: string
  /** The credential the provider's calls use; null for a custom assistant. */
  credential: string | null
  icon_src: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

/** The provider's thread of one chat session with an OPENAI or AZURE assistant. */
export interface AssistantThreadsTable {
  workspace_id: string
  assistant_id: string
  session_id: string
  thread_id: string
  created_at: Timestamp
}

export interface CustomTemplatesTable {
  id: string
  workspace_id: string
  name: string
  type: TemplateType
  /** JSON text of the flow (or of the tool, for a tool template). */
  flow_data: string
  description: string | null
  badge: string | null
  framework: string | null
  /** JSON text of the use case names. */
  usecases: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

/** An item (credential, custom template, tool) shared read-only with another workspace (Flowise's WorkspaceShared). */
export interface WorkspaceSharesTable {
  /** The workspace it is shared with; the item itself stays in its own. */
  workspace_id: string
  shared_item_id: string
  item_type: 'credential' | 'custom_template' | 'tool'
  created_at: Timestamp
}

/** One organization's single sign-on provider (Flowise's login method). */
export interface SsoConfigsTable {
  organization_id: string
  /** azure, google, auth0 or oidc (SsoProviderName). */
  provider: string
  /** JSON text of the plain fields: tenantID, domain, issuer, label, clientID. */
  settings: string
  /** The client secret, encrypted like credentials' data; null when none was given. */
  client_secret: string | null
  /** The issuer the fields give, as discovered. */
  issuer: string
  enabled: Flag
  created_at: Timestamp
  updated_at: Timestamp
}

/** Who invited a pending account (status 'invited') into which workspace and role, and when it was mailed. */
export interface InvitationsTable {
  user_id: string
  organization_id: string
  workspace_id: string
  role_id: string
  invited_by: string | null
  created_at: Timestamp
  sent_at: Timestamp
}

export interface Database {
  users: UsersTable
  organizations: OrganizationsTable
  roles: RolesTable
  organization_users: OrganizationUsersTable
  workspaces: WorkspacesTable
  workspace_users: WorkspaceUsersTable
  login_sessions: LoginSessionsTable
  refresh_tokens: RefreshTokensTable
  account_tokens: AccountTokensTable
  login_activity: LoginActivityTable
  audit_log: AuditLogTable
  flows: FlowsTable
  credentials: CredentialsTable
  variables: VariablesTable
  api_keys: ApiKeysTable
  upsert_history: UpsertHistoryTable
  chat_messages: ChatMessagesTable
  chat_feedback: ChatFeedbackTable
  leads: LeadsTable
  executions: ExecutionsTable
  document_stores: DocumentStoresTable
  document_store_loaders: DocumentStoreLoadersTable
  document_store_files: DocumentStoreFilesTable
  document_store_chunks: DocumentStoreChunksTable
  document_store_jobs: DocumentStoreJobsTable
  document_store_records: DocumentStoreRecordsTable
  document_store_upserts: DocumentStoreUpsertsTable
  tools: ToolsTable
  assistants: AssistantsTable
  assistant_threads: AssistantThreadsTable
  custom_templates: CustomTemplatesTable
  invitations: InvitationsTable
  sso_configs: SsoConfigsTable
  workspace_shares: WorkspaceSharesTable
}

export type UserRow = Selectable<UsersTable>
export type SsoConfigRow = Selectable<SsoConfigsTable>
export type NewUser = Insertable<UsersTable>
export type UserUpdate = Updateable<UsersTable>
export type OrganizationRow = Selectable<OrganizationsTable>
export type WorkspaceRow = Selectable<WorkspacesTable>
export type RoleRow = Selectable<RolesTable>
export type FlowRow = Selectable<FlowsTable>
export type NewFlowRow = Insertable<FlowsTable>
export type FlowRowUpdate = Updateable<FlowsTable>
export type ChatMessageRow = Selectable<ChatMessagesTable>
export type NewChatMessageRow = Insertable<ChatMessagesTable>
export type ChatMessageRowUpdate = Updateable<ChatMessagesTable>
export type FeedbackRow = Selectable<ChatFeedbackTable>
export type LeadRow = Selectable<LeadsTable>
export type CredentialRow = Selectable<CredentialsTable>
export type VariableRow = Selectable<VariablesTable>
export type ApiKeyRow = Selectable<ApiKeysTable>
export type ExecutionRow = Selectable<ExecutionsTable>
export type NewExecutionRow = Insertable<ExecutionsTable>
export type ExecutionRowUpdate = Updateable<ExecutionsTable>
export type DocumentStoreRow = Selectable<DocumentStoresTable>
export type DocumentStoreLoaderRow = Selectable<DocumentStoreLoadersTable>
export type NewDocumentStoreLoaderRow = Insertable<DocumentStoreLoadersTable>
export type DocumentStoreFileRow = Selectable<DocumentStoreFilesTable>
export type DocumentStoreChunkRow = Selectable<DocumentStoreChunksTable>
export type DocumentStoreJobRow = Selectable<DocumentStoreJobsTable>
export type DocumentStoreRecordRow = Selectable<DocumentStoreRecordsTable>
export type DocumentStoreUpsertRow = Selectable<DocumentStoreUpsertsTable>
export type ToolRow = Selectable<ToolsTable>
export type AssistantRow = Selectable<AssistantsTable>
export type CustomTemplateRow = Selectable<CustomTemplatesTable>
