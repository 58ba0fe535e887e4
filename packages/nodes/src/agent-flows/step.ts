import type { ChatTurn, HumanInputAnswer, RunEvent, SourceDocument, StepOutput, TokenUsage, Upload } from '@weft/core'
import type { OutboundFetch } from '../net/outbound-guard.js'
import type { ChatModel, Tool } from '../providers/chat-model.js'

// The contract between an agentflow step (a node of the Agent Flows or Sequential Agents category)
// and the engine's control-flow runtime. The step does its one job; the engine decides what runs
// next, keeps the flow state, records the execution and streams its events.

/** What one agentflow run shares with every step it runs. */
export interface StepRunScope {
  flowId: string
  chatId: string
  sessionId: string
  executionId: string
  /** The user's message; for a form start, the form's values as JSON text. */
  question: string
  /** The values of the Start step's form, when it asks for one. */
  form?: Record<string, unknown>
  /** The images sent with the question; the LLM and Agent steps send them to a model that sees them. */
  uploads?: Upload[]
  /** `$vars` of the workspace (with the call's allowed overrides). */
  vars: Readonly<Record<string, string>>
  /** Sends tokens, tools used and documents found to the caller as they happen. */
  emit: (event: RunEvent) => void
  /** False when the caller waits for the whole answer (JSON): models need not stream. */
  streaming: boolean
  /** Aborted by the Stop button, the client leaving or the run's timeout: pass it to every call. */
  signal: AbortSignal
  /** The server's outbound guard: every request to an address a user chose goes through it. */
  fetch: OutboundFetch
  /**
   * Builds the chat model node `name` of the catalogue (e.g. `chatOpenAI`) with `config` as its
   * inputs: Flowise's `<step>ModelConfig` (`credential` names the credential to decrypt).
   */
  chatModel: (name: string, config: Record<string, unknown>) => Promise<ChatModel>
  /** Builds the tool node `name` of the catalogue with `config` as its inputs (and its `credential`). */
  /** The tool a tool node builds; a node of several (an MCP server's) gives them all. */
  tool: (name: string, config: Record<string, unknown>) => Promise<Tool | Tool[]>
  /** Runs another flow of the same workspace with `question`; its execution is linked to this one. */
  runFlow: (request: RunFlowRequest) => Promise<RunFlowResult>
  /** Finds documents in the workspace's document stores, best first. */
  retrieve: (request: RetrieveRequest) => Promise<SourceDocument[]>
}

export interface RunFlowRequest {
  flowId: string
  question: string
  overrideConfig?: Record<string, unknown>
}

export interface RunFlowResult {
  text: string
  executionId?: string
}

export interface RetrieveRequest {
  storeIds: string[]
  query: string
  topK?: number
}

/** What a step receives when the engine runs it. */
export interface StepContext {
  nodeId: string
  label: string
  /**
   * The step's inputs with every `{{ }}` reference resolved (`{{question}}`, `{{$flow.state.x}}`,
   * `{{<nodeId>}}`, `{{$vars.x}}`, `{{$iteration}}`, …), except the values of its "Update Flow
   * State" rows: the engine fills those after the step, where `{{ output }}` is the step's output.
   */
  inputs: Record<string, unknown>
  /**
   * True when no edge leaves this step, so its output is (part of) the run's answer: the step then
   * streams its answer text itself as `token` events (a model's tokens as they come, a fixed text at
   * once). Other steps emit no tokens.
   */
  isLastStep: boolean
  /** The flow state as this step's branch sees it. Steps change it through `StepResult.state`. */
  state: Readonly<Record<string, unknown>>
  /**
   * The conversation so far, oldest first: the request's `history` (else the session's stored chat),
   * then the turns earlier steps of this branch added (`StepResult.turns`).
   */
  history: () => Promise<ChatTurn[]>
  /** The person's answer, when this Human Input step (or a tool step waiting for approval) is resumed. */
  humanInput?: HumanInputAnswer
  /** The item of the enclosing Iteration, when the step runs inside one. */
  iterationItem?: unknown
  /** How many times this step has run in this execution, this time included (a supervisor counts its turns). */
  visit?: number
  run: StepRunScope
}

/** What a step gives back; the engine records it and decides what runs next. */
export interface StepResult {
  /** `content` is what later steps read as `{{<nodeId>}}` and what the run answers when no step follows. */
  output: StepOutput
  /** What the execution shows as the step's input (e.g. the messages sent); default: its resolved inputs. */
  input?: Record<string, unknown>
  /** The conversation the step sent to its model. */
  chatHistory?: unknown[]
  /** Turns this step adds to the conversation later steps see (an LLM's answer, per Return Response As). */
  turns?: ChatTurn[]
  /** Keys of the flow state this step sets (Start's initial state; a step's own writes). */
  state?: Record<string, unknown>
  /** Branching steps: the indexes of the output anchors to follow. Absent: every outgoing edge. */
  next?: number[]
  /** Loop: go back to this step (the engine counts the turns against `maxLoopCount`). */
  loopTo?: { nodeId: string; maxLoopCount: number; fallbackMessage?: string }
  /** Run this step of the same level next, whatever the edges say: a supervisor handing the turn to its chosen worker. */
  goTo?: string
  /** Iteration: the items to run the sub-graph for, one after another. */
  items?: unknown[]
  /** Human Input: pause the run here until the person answers this question. */
  pause?: { question: string; enableFeedback: boolean }
  usage?: TokenUsage
}

/** Runs one agentflow step. Throws to fail the step (the message names what is wrong). */
export type StepRunner = (context: StepContext) => Promise<StepResult>
