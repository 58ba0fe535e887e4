export { buildComponent, defineNode, isAnswerer, NotRunnableYetError } from './define-node.js'
export type {
  Answer,
  Answerer,
  LoadMethod,
  LoadMethodRequest,
  MemoryStore,
  NodeDefinition,
  NodeRunContext,
  RunScope,
  DocumentStoreSearch,
  UpsertedDocuments,
  SavedToolStore,
  ProviderAssistantAccess,
  ProviderAssistantStore,
} from './define-node.js'
export type {
  RetrieveRequest,
  RunFlowRequest,
  RunFlowResult,
  StepContext,
  StepResult,
  StepRunner,
  StepRunScope,
} from './agent-flows/step.js'
export { nodes } from './catalogue.js'
export { FINISH } from './multi-agents/team.js'
export { LOOP_NODE_NAME, loopTargetsOf } from './sequential-agents/loop-targets.js'
export type { TeamMember } from './multi-agents/team.js'
export { createOutboundGuard } from './net/outbound-guard.js'
export type { OutboundFetch, OutboundGuard, OutboundGuardOptions } from './net/outbound-guard.js'
export { OutboundRequestRefused } from './net/outbound-refused.error.js'
export { credentialTypes, findCredentialType } from './credentials/index.js'
export { ourCredentialName, withOurCredentialFields } from './credentials/flowise-credential-spellings.js'
export { findNode } from './find-node.js'
export { readNodeIcon } from './read-node-icon.js'
export { closeSandbox, configureSandbox, runUserCode, UserCodeError } from './sandbox/run-user-code.js'
export type { SandboxSettings } from './sandbox/run-user-code.js'
export { runToolFunction } from './tools/run-tool-function.js'
export { listTemplates } from './templates.js'
export { buildAssistantFlow } from './assistants/assistant-flow.js'
export { buildProviderAssistantFlow } from './assistants/provider-assistant-flow.js'
export { assistantsApi } from './assistants/provider/assistants-api.js'
export type { AssistantFields, AssistantsApi, FileToUpload } from './assistants/provider/assistants-api.js'
export { assistantsEndpoint } from './assistants/provider/assistants-endpoint.js'
export { AssistantsApiError } from './assistants/provider/assistants-request.js'
export { chat, isChatModel, isTool, ModelCallError } from './providers/chat-model.js'
export type { ChatCallReport, ChatModel, ChatRequest, ChatResult, ChatSettings, Tool } from './providers/chat-model.js'
export { isEmbedder } from './providers/embedder.js'
export type { Embedder } from './providers/embedder.js'
export { offlineChatModel, offlineLanguageModel } from './providers/offline-model.js'
export { embedByHashing, hashingEmbedder } from './providers/hashing-embedder.js'
export { isBranchValue } from './runtime/branch.js'
export type { BranchValue } from './runtime/branch.js'
export type { VectorCollection, VectorRecord } from './documents/vector-collection.js'
export { closeEmbeddedCollections } from './vector-stores/embedded/embedded-collection.js'
export { nameBasedUuid } from './vector-stores/record-ids.js'
