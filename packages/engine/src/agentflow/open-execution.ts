import type { ExecutedStep } from '@weft/core'
import type { AgentflowRun, Checkpoint, ExecutionStore } from './agentflow-run.js'
import type { AgentFlow } from './agentflow-graph.js'

/** The execution a run writes to, and where in the flow it starts. */
export interface OpenedExecution {
  id: string
  checkpoint: Checkpoint
  executionData: ExecutedStep[]
}

/**
 * Finds or starts the execution of a run: a new one at Start; the session's execution paused at
 * the Human Input step the answer names; or an interrupted one to resume. Throws a message the
 * caller can act on when there is nothing to resume.
 */
export async function openExecution(run: AgentflowRun, flow: AgentFlow, store: ExecutionStore): Promise<OpenedExecution> {
  if (run.humanInput) return resumePaused(run, flow, store)
  if (run.resumeExecutionId) return resumeInterrupted(run.resumeExecutionId, store)
  const id = await store.create({
    agentflowId: run.flow.id,
    sessionId: run.sessionId,
    ...(run.parentExecutionId ? { parentExecutionId: run.parentExecutionId } : {}),
  })
  const checkpoint: Checkpoint = {
    question: run.question,
    ...(run.form ? { form: run.form } : {}),
    ready: [{ nodeId: flow.startId, previousNodeIds: [], state: {}, turns: [] }],
    waiting: {},
    outputs: {},
    loops: {},
    steps: 0,
    answer: '',
  }
  return { id, checkpoint, executionData: [] }
}

async function resumePaused(run: AgentflowRun, flow: AgentFlow, store: ExecutionStore): Promise<OpenedExecution> {
  const answer = run.humanInput!
  const waiting = await store.findWaiting(run.flow.id, run.sessionId)
  if (!waiting?.checkpoint || !waiting.action) {
    throw new Error('Nothing in this conversation is waiting for an answer: send a question to start a new run.')
  }
  const at = waiting.action.data.nodeId
  if (answer.startNodeId && answer.startNodeId !== at) {
    const label = flow.steps.get(at)?.label ?? at
    throw new Error(`This conversation's run waits at "${label}" (${at}), not at ${answer.startNodeId}.`)
  }
  const ready = waiting.checkpoint.ready.map((step) => (step.nodeId === at ? { ...step, humanInput: answer } : step))
  // The paused step's record is replaced by the one it makes when it runs with the answer.
  const executionData = [...waiting.executionData]
  const paused = executionData.findLastIndex((step) => step.nodeId === at && step.status === 'INPROGRESS')
  if (paused >= 0) executionData.splice(paused, 1)
  await store.update(waiting.id, { action: null, state: 'INPROGRESS' })
  return { id: waiting.id, checkpoint: { ...waiting.checkpoint, ready }, executionData }
}

async function resumeInterrupted(id: string, store: ExecutionStore): Promise<OpenedExecution> {
  const execution = await store.get(id)
  if (!execution) throw new Error(`There is no execution ${id}.`)
  if (execution.state !== 'TERMINATED' || !execution.checkpoint) {
    throw new Error('Only a run the server stopped before it finished can be resumed; this one ended on its own.')
  }
  // Steps that were running when the server stopped ran no further: they run again.
  const executionData = execution.executionData.map(
    (step): ExecutedStep => (step.status === 'INPROGRESS' ? { ...step, status: 'TERMINATED' } : step),
  )
  await store.update(id, { state: 'INPROGRESS', error: null, executionData })
  return { id, checkpoint: execution.checkpoint, executionData }
}
