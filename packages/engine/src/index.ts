export { runChatflow } from './chatflow/run-chatflow.js'
export { upsertChatflow } from './chatflow/upsert-chatflow.js'
export type { ChatflowUpsert, ChatflowUpsertResult } from './chatflow/upsert-chatflow.js'
export { UpsertRefusal } from './chatflow/upsert-refusal.js'
export type { ChatflowRun, ChatflowSource, EngineServices } from './chatflow/chatflow-run.js'
export type { NodeObservation, NodeOutcome, ObservedModel, ObservedNode, RunObserver } from './observe/run-observer.js'
export { watchChatModel } from './observe/watch-chat-model.js'
export type { WatchedChatModel } from './observe/watch-chat-model.js'
export { createChatflowCache } from './chatflow/chatflow-cache.js'
export type { ChatflowCache } from './chatflow/chatflow-cache.js'
export { prepareChatflow } from './chatflow/prepare-chatflow.js'
export type { PreparedChatflow, PreparedNode } from './chatflow/prepare-chatflow.js'
export { collectAnswer } from './chatflow/collect-answer.js'
export type { CollectedAnswer } from './chatflow/collect-answer.js'
export { isStreamable } from './chatflow/is-streamable.js'
export { substituteVariables, formatChatHistory } from './chatflow/substitute-variables.js'
export type { TextVariables } from './chatflow/substitute-variables.js'
export type {
  AgentflowLimits,
  AgentflowRun,
  AgentflowServices,
  Checkpoint,
  ExecutionChange,
  ExecutionRecord,
  ExecutionStore,
} from './agentflow/agentflow-run.js'
export { runAgentflow } from './agentflow/run-agentflow.js'
export { readAgentflow } from './agentflow/agentflow-graph.js'
