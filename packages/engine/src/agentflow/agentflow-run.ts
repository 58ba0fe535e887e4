import type {
  AllowedOverrides,
  ChatTurn,
  ExecutedStep,
  ExecutionState,
  HumanInputAction,
  HumanInputAnswer,
  SourceDocument,
  StepOutput,
  Upload,
} from '@weft/core'
import type { RetrieveRequest, RunFlowRequest, RunFlowResult } from '@weft/nodes'
import type { ChatflowSource, EngineServices } from '../chatflow/chatflow-run.js'

/** One question (or form, or Human Input answer) asked of one agentflow. */
export interface AgentflowRun {
  flow: ChatflowSource
  question: string
  /** The values of the Start step's form, when it asks for one. */
  form?: Record<string, unknown>
  history?: ChatTurn[]
  overrides?: AllowedOverrides
  uploads?: Upload[]
  chatId: string
  sessionId: string
  chatMessageId: string
  /** Aborted when the client leaves, presses stop, or the server's timeout fires. */
  signal: AbortSignal
  /** The server's time limit, named in the message when `signal` aborts with a TimeoutError. */
  timeoutMs?: number
  streaming?: boolean
  /** The person's answer to the Human Input step the session's paused execution waits on: resumes it. */
  humanInput?: HumanInputAnswer
  /** Continues this interrupted execution (the server stopped during it) from its last checkpoint. */
  resumeExecutionId?: string
  /** Set when an Execute Flow step of another execution runs this flow. */
  parentExecutionId?: string
}

/** What the server lends an agentflow run besides what every run gets. */
export interface AgentflowServices extends EngineServices {
  executions: ExecutionStore
  /** Runs another flow of the same workspace for an Execute Flow step. */
  runFlow: (request: RunFlowRequest & { parentExecutionId: string; sessionId: string; signal: AbortSignal }) => Promise<RunFlowResult>
  /** Finds documents in the workspace's document stores (absent until document stores exist). */
  retrieve?: (request: RetrieveRequest & { signal: AbortSignal }) => Promise<SourceDocument[]>
  limits?: AgentflowLimits
}

export interface AgentflowLimits {
  /** Most steps one run may execute (loops and iterations count each turn); default 500. */
  maxSteps?: number
}

/**
 * What resuming a run needs, saved with the execution after every step: the steps that were ready
 * or running (with their branch's state), the outputs later steps read, and the loops' turns. A
 * paused or interrupted run continues from it without running a finished step again.
 */
export interface Checkpoint {
  question: string
  form?: Record<string, unknown>
  /** Steps to run next, or that were running when the checkpoint was taken. */
  ready: ReadyStep[]
  /** Inputs that reached a step which waits for more (several incoming edges), by node id. */
  waiting: Record<string, ArrivedInput[]>
  /** The latest output of each finished step, by node id: what `{{<nodeId>}}` reads. */
  outputs: Record<string, StepOutput>
  /** Turns each loop step has sent back, by node id. */
  loops: Record<string, number>
  /** Steps executed so far (counting every turn), against the maximum. */
  steps: number
  /** The answer so far: the content of the steps that ended their branch. */
  answer: string
}

/** The flow state of a branch: each key with the sequence number of its last write (see `mergeStates`). */
export type BranchState = Record<string, { value: unknown; seq: number }>

export interface ReadyStep {
  nodeId: string
  previousNodeIds: string[]
  state: BranchState
  /** Turns earlier steps of this branch added to the conversation. */
  turns: ChatTurn[]
  /** Set on the Human Input step a paused run resumes at. */
  humanInput?: HumanInputAnswer
}

/** What one incoming edge brought to a step that waits for all of its inputs. */
export interface ArrivedInput {
  from: string
  /** False when the edge's branch was not taken (a condition chose another output). */
  taken: boolean
  state: BranchState
  turns: ChatTurn[]
}

/** An execution as the engine reads and writes it. */
export interface ExecutionRecord {
  id: string
  agentflowId: string
  sessionId: string
  state: ExecutionState
  executionData: ExecutedStep[]
  /** The Human Input a paused run waits on. */
  action: HumanInputAction | null
  checkpoint: Checkpoint | null
  /** Why the run ended in ERROR, TIMEOUT, STOPPED or TERMINATED. */
  error: string | null
}

export type ExecutionChange = Partial<Pick<ExecutionRecord, 'state' | 'executionData' | 'action' | 'checkpoint' | 'error'>>

/** Where the engine keeps executions; the server gives one bound to the flow's workspace. */
export interface ExecutionStore {
  /** Starts an INPROGRESS execution and answers its id. */
  create: (record: { agentflowId: string; sessionId: string; parentExecutionId?: string }) => Promise<string>
  /** Saves a change; a state other than INPROGRESS also sets the stopped date. */
  update: (id: string, change: ExecutionChange) => Promise<void>
  get: (id: string) => Promise<ExecutionRecord | undefined>
  /** The execution of this flow and session paused at a Human Input step, if one waits. */
  findWaiting: (agentflowId: string, sessionId: string) => Promise<ExecutionRecord | undefined>
}
