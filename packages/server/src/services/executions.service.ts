import { onlyProcess } from './only-process.js'
import { randomUUID } from 'node:crypto'
import {
  hideServerFolders,
  redactDeep,
  redactSecrets,
  redactStepInputs,
  type ExecutedStep,
  type Execution,
  type ExecutionList,
  type HumanInputAction,
} from '@weft/core'
import type { Checkpoint, ExecutionRecord, ExecutionStore } from '@weft/engine'
import type { Principal } from '../auth/principal.js'
import type { AppContext } from '../context.js'
import {
  deleteExecutions,
  findExecution,
  findListedExecution,
  findPublicExecution,
  findWaitingExecution,
  insertExecution,
  interruptUnfinishedExecutions,
  listExecutions,
  updateExecution,
  type ExecutionFilter,
  type ExecutionListRow,
} from '../db/repositories/executions.repository.js'
import type { ExecutionRow, ExecutionRowUpdate } from '../db/tables.js'
import { notFound } from '../http-error.js'
import { serverFolders } from './server-folders.js'

const parseJson = <T>(text: string | null, accept: (value: unknown) => boolean): T | null => {
  if (text === null) return null
  try {
    const value: unknown = JSON.parse(text)
    return accept(value) ? (value as T) : null
  } catch {
    return null
  }
}
const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value)

const toRecord = (row: ExecutionRow): ExecutionRecord => ({
  id: row.id,
  agentflowId: row.agentflow_id,
  sessionId: row.session_id,
  state: row.state,
  executionData: parseJson<ExecutedStep[]>(row.execution_data, Array.isArray) ?? [],
  action: parseJson<HumanInputAction>(row.action, isObject),
  checkpoint: parseJson<Checkpoint>(row.checkpoint, isObject),
  error: row.error,
})

/**
 * Where the engine keeps the executions of one workspace's agentflows. An id of another workspace
 * reads as missing and its updates change nothing (so a run whose execution was deleted goes on).
 */
export function executionStore(ctx: Pick<AppContext, 'db' | 'config'>, workspaceId: string): ExecutionStore {
  const scope = { workspaceId }
  // A failure's message is kept as the run and its steps answer it: naming no folder of this server.
  const folders = serverFolders(ctx)
  const hide = (message: string) => hideServerFolders(message, folders)
  return {
    async create({ agentflowId, sessionId, parentExecutionId }) {
      const id = randomUUID()
      const now = new Date().toISOString()
      await insertExecution(ctx.db, scope, {
        id,
        agentflow_id: agentflowId,
        session_id: sessionId,
        state: 'INPROGRESS',
        execution_data: '[]',
        action: null,
        checkpoint: null,
        error: null,
        interrupted: 0,
        is_public: 0,
        parent_execution_id: parentExecutionId ?? null,
        created_at: now,
        updated_at: now,
        stopped_at: null,
      })
      return id
    },
    async update(id, change) {
      const now = new Date().toISOString()
      const row: ExecutionRowUpdate = { updated_at: now }
      if (change.state !== undefined) {
        row.state = change.state
        // Running again (a resumed run) is no longer stopped, nor interrupted.
        Object.assign(row, change.state === 'INPROGRESS' ? { stopped_at: null, interrupted: 0 } : { stopped_at: now })
      }
      if (change.executionData !== undefined) {
        const steps = change.executionData.map((step) =>
          step.data.error === undefined ? step : { ...step, data: { ...step.data, error: hide(step.data.error) } },
        )
        row.execution_data = JSON.stringify(steps)
      }
      if (change.action !== undefined) row.action = change.action === null ? null : JSON.stringify(change.action)
      if (change.checkpoint !== undefined) {
        row.checkpoint = change.checkpoint === null ? null : JSON.stringify(change.checkpoint)
      }
      if (change.error !== undefined) row.error = change.error === null ? null : hide(change.error)
      await updateExecution(ctx.db, scope, id, row)
    },
    async get(id) {
      const row = await findExecution(ctx.db, scope, id)
      return row && toRecord(row)
    },
    async findWaiting(agentflowId, sessionId) {
      const row = await findWaitingExecution(ctx.db, scope, agentflowId, sessionId)
      return row && toRecord(row)
    },
  }
}

/** An execution as the API answers it; never its checkpoint nor its workspace. */
export const toExecution = (row: Omit<ExecutionRow, 'checkpoint'>, flowName?: string): Execution => ({
  id: row.id,
  executionData: row.execution_data,
  state: row.state,
  agentflowId: row.agentflow_id,
  sessionId: row.session_id,
  action: row.action,
  isPublic: row.is_public === 1,
  createdDate: row.created_at,
  updatedDate: row.updated_at,
  stoppedDate: row.stopped_at,
  ...(flowName === undefined ? {} : { agentflow: { id: row.agentflow_id, name: flowName } }),
  error: row.error,
  interrupted: row.interrupted === 1,
})

const CREDENTIAL_KEYS = new Set(['credential', 'FLOWISE_CREDENTIAL_ID'])

/** A copy of a step's inputs without the ids of the credentials they used, at any depth. */
function withoutCredentialIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutCredentialIds)
  if (!isObject(value)) return value
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !CREDENTIAL_KEYS.has(key))
      .map(([key, item]) => [key, withoutCredentialIds(item)]),
  )
}

/** A step's record as anyone may see it: the step redaction applied again (records kept before it), no credential ids. */
function publicStep(step: ExecutedStep): ExecutedStep {
  if (!isObject(step?.data)) return step
  const { input, secrets } = redactStepInputs([], isObject(step.data.input) ? step.data.input : {})
  return {
    ...step,
    data: {
      ...step.data,
      input: withoutCredentialIds(isObject(step.data.input) ? input : step.data.input) as ExecutedStep['data']['input'],
      output: redactDeep(step.data.output, secrets) as ExecutedStep['data']['output'],
      ...(typeof step.data.error === 'string' ? { error: redactSecrets(step.data.error, secrets) } : {}),
    },
  }
}

/** The steps as a shared execution shows them to anyone: which credentials they used and their secrets stay private. */
function publicExecutionData(text: string): string {
  const steps = parseJson<ExecutedStep[]>(text, Array.isArray) ?? []
  return JSON.stringify(steps.map(publicStep))
}

const executionNotFound = (id: string) => notFound(`Execution ${id} not found`)
const scopeOf = (principal: Principal) => ({ workspaceId: principal.workspaceId })

/** Where a page of the list starts and how long it is (page counts from 1). */
export interface ExecutionPage {
  page: number
  limit: number
}

/** A page of the caller's workspace's executions, newest first, each with its flow's id and name. */
export async function listWorkspaceExecutions(
  ctx: AppContext,
  principal: Principal,
  filter: ExecutionFilter,
  { page, limit }: ExecutionPage,
): Promise<ExecutionList> {
  const offset = (page - 1) * limit
  const { rows, total } = await listExecutions(ctx.db, scopeOf(principal), filter, { offset, limit })
  return { data: rows.map((row) => toExecution(row, row.agentflow_name)), total }
}

async function listedExecution(ctx: AppContext, principal: Principal, id: string): Promise<ExecutionListRow> {
  const row = await findListedExecution(ctx.db, scopeOf(principal), id)
  if (!row) throw executionNotFound(id)
  return row
}

export async function getExecution(ctx: AppContext, principal: Principal, id: string): Promise<Execution> {
  const row = await listedExecution(ctx, principal, id)
  return toExecution(row, row.agentflow_name)
}

/** Shares an execution (anyone with its link may see it) or stops sharing it. */
export async function shareExecution(
  ctx: AppContext,
  principal: Principal,
  id: string,
  isPublic: boolean,
): Promise<Execution> {
  if (!(await updateExecution(ctx.db, scopeOf(principal), id, { is_public: isPublic ? 1 : 0 }))) {
    throw executionNotFound(id)
  }
  return getExecution(ctx, principal, id)
}

/** Deletes those of the ids that name executions of the caller's workspace; others are ignored. */
export async function deleteWorkspaceExecutions(
  ctx: AppContext,
  principal: Principal,
  ids: readonly string[],
): Promise<{ deleted: number }> {
  return { deleted: await deleteExecutions(ctx.db, scopeOf(principal), [...new Set(ids)]) }
}

export async function deleteExecution(ctx: AppContext, principal: Principal, id: string): Promise<{ deleted: number }> {
  const deleted = await deleteExecutions(ctx.db, scopeOf(principal), [id])
  if (deleted === 0) throw executionNotFound(id)
  return { deleted }
}

/**
 * A shared execution, for anyone: the same answer as an unknown id when it is not shared, so the
 * page tells nobody that it exists.
 */
export async function getPublicExecution(ctx: AppContext, id: string): Promise<Execution> {
  const row = await findPublicExecution(ctx.db, id)
  if (!row) throw executionNotFound(id)
  return { ...toExecution(row, row.agentflow_name), executionData: publicExecutionData(row.execution_data) }
}

/** Why an execution a stopped server left unfinished ended, as its `error` says. */
export const INTERRUPTED_EXECUTION_ERROR =
  'The server stopped before this run finished. Resume it to continue from the step that did not finish.'

/** Past the run time limit plus this since its last write, no live server can still be running it. */
const INTERRUPTED_GRACE_MS = 60_000

/**
 * Marks the executions a stopped server left running as TERMINATED and interrupted, so the list
 * says so and they can be resumed. A run paused at a Human Input step is not running and keeps
 * waiting. Run at start, before any run of this server begins: SQLite has one server, so every
 * running execution is left over. Several servers may share PostgreSQL, so there only executions
 * not written for longer than the run time limit are marked (a run writes after every step), and
 * `sweepInterruptedExecutions` catches the rest later.
 */
export async function markInterruptedExecutions(
  ctx: Pick<AppContext, 'db' | 'log' | 'dialect' | 'config'>,
  now = Date.now(),
): Promise<void> {
  const writtenBefore = onlyProcess(ctx)
    ? undefined
    : new Date(now - ctx.config.runTimeoutMs - INTERRUPTED_GRACE_MS).toISOString()
  const count = await interruptUnfinishedExecutions(ctx.db, INTERRUPTED_EXECUTION_ERROR, writtenBefore)
  if (count > 0)
    ctx.log.warn(`${count} agentflow execution(s) were cut short when a server stopped; they can be resumed`)
}

/** On a shared database, looks again every minute; the returned function stops it. */
export function sweepInterruptedExecutions(ctx: Pick<AppContext, 'db' | 'log' | 'dialect' | 'config'>): () => void {
  if (onlyProcess(ctx)) return () => {}
  const timer = setInterval(() => {
    markInterruptedExecutions(ctx).catch((error: unknown) =>
      ctx.log.error({ err: error }, 'Could not mark interrupted executions'),
    )
  }, 60_000)
  timer.unref()
  return () => clearInterval(timer)
}
