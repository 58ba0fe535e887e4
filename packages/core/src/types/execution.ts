// Agentflow executions: what a run of an agentflow records, step by step. Field names follow what
// Flowise's execution API answers (`IAgentflowExecutedData`, the `execution` entity), so its
// clients and its execution viewer read ours unchanged. Every value is plain JSON.

/** Where an execution stands. INPROGRESS also covers a run paused at a Human Input step (`action` set). */
export const EXECUTION_STATES = ['INPROGRESS', 'FINISHED', 'ERROR', 'TERMINATED', 'TIMEOUT', 'STOPPED'] as const
export type ExecutionState = (typeof EXECUTION_STATES)[number]

/** Token counts of one step, in the names the AI providers report them (Flowise's `usageMetadata`). */
export interface StepUsage {
  input_tokens: number
  output_tokens: number
  total_tokens: number
}

/** When a step ran, in milliseconds since the epoch; `delta` is end − start. */
export interface StepTime {
  start: number
  end: number
  delta: number
}

/**
 * What one executed step keeps: the inputs it ran with (references resolved), what it gave, and the
 * flow state after it. `output.content` is the text later steps read as `{{<nodeId>}}`.
 */
export interface StepExecutionData {
  id: string
  /** The step's node name, e.g. `llmAgentflow`. */
  name: string
  input: Record<string, unknown>
  output: StepOutput
  /** The flow state after the step (its branch's copy). */
  state: Record<string, unknown>
  /** The conversation the step sent to its model, when it sent one. */
  chatHistory?: unknown[]
  error?: string
}

export interface StepOutput {
  content?: string
  timeMetadata?: StepTime
  usageMetadata?: StepUsage
  /** Tools an Agent or Tool step called. */
  usedTools?: Array<{ tool: string; toolInput: Record<string, unknown>; toolOutput: string }>
  /** Documents a Retriever or Agent step found. */
  sourceDocuments?: Array<{ pageContent: string; metadata: Record<string, unknown> }>
  /** Condition and Condition Agent: the outputs taken, by anchor index. */
  conditions?: Array<{ output: string; isFulfilled: boolean }>
  [key: string]: unknown
}

export type StepStatus = 'INPROGRESS' | 'FINISHED' | 'ERROR' | 'STOPPED' | 'TERMINATED'

/** One entry of an execution's `executionData` (Flowise's IAgentflowExecutedData). */
export interface ExecutedStep {
  nodeId: string
  nodeLabel: string
  data: StepExecutionData
  /** The steps whose outputs led here. */
  previousNodeIds: string[]
  status: StepStatus
  /** Set on the steps of an Iteration's sub-graph: which item, and the iteration step. */
  iterationIndex?: number
  parentNodeId?: string
}

/** What a run paused at a Human Input step waits for; sent as the `action` event and kept on the execution. */
export interface HumanInputAction {
  id: string
  mapping: { approve: string; reject: string }
  elements: Array<{ type: 'agentflowv2-approve-button' | 'agentflowv2-reject-button'; label: string }>
  data: {
    nodeId: string
    nodeLabel: string
    /** The question put to the person: the step's description (fixed, or written by its model). */
    input: string
    /** Whether the person may add feedback to a rejection (or an approval). */
    enableFeedback?: boolean
  }
}

/** The answer to a Human Input step: `humanInput` of a prediction that resumes the paused run. */
export interface HumanInputAnswer {
  type: 'proceed' | 'reject'
  startNodeId: string
  feedback?: string
}

/** An execution as the API answers it (GET /api/v1/executions/:id). */
export interface Execution {
  id: string
  /** JSON text of `ExecutedStep[]`, as Flowise stores and answers it. */
  executionData: string
  state: ExecutionState
  agentflowId: string
  sessionId: string
  /** JSON text of the `HumanInputAction` a paused run waits on; null otherwise. */
  action: string | null
  isPublic: boolean
  createdDate: string
  updatedDate: string
  stoppedDate: string | null
  /** The flow's name, for lists (Flowise joins `agentflow`). */
  agentflow?: { id: string; name: string }
  /** Weft's own: why a run ended in ERROR, TIMEOUT or STOPPED, or that it was interrupted by a restart. */
  error?: string | null
  /** Weft's own: true when the server stopped before the run finished; `POST /executions/:id/resume` continues it. */
  interrupted?: boolean
}

/** A page of GET /api/v1/executions (filters: agentflowId, state, sessionId, startDate, endDate). */
export interface ExecutionList {
  data: Execution[]
  total: number
}

/** `nextAgentFlow` events: a step changed status. */
export interface NextAgentFlowEvent {
  nodeId: string
  nodeLabel: string
  status: StepStatus
  error?: string
}
