import type { Kysely } from 'kysely'
import type { ExecutionState } from '@weft/core'
import type { Database, ExecutionRow, ExecutionRowUpdate, NewExecutionRow } from '../tables.js'
import type { WorkspaceScope } from '../workspace-repository.js'

/** What selects executions in the list: each field narrows it; none lists them all. */
export interface ExecutionFilter {
  agentflowId?: string | undefined
  sessionId?: string | undefined
  state?: ExecutionState | undefined
  /** ISO-8601 bounds on created_at, inclusive. */
  startDate?: string | undefined
  endDate?: string | undefined
}

/** A listed execution: everything but its checkpoint (large, and never answered), with its flow's name. */
export type ExecutionListRow = Omit<ExecutionRow, 'checkpoint'> & { agentflow_name: string }

const LISTED_COLUMNS = [
  'executions.id',
  'executions.workspace_id',
  'executions.agentflow_id',
  'executions.session_id',
  'executions.state',
  'executions.execution_data',
  'executions.action',
  'executions.error',
  'executions.interrupted',
  'executions.is_public',
  'executions.parent_execution_id',
  'executions.created_at',
  'executions.updated_at',
  'executions.stopped_at',
] as const

export async function insertExecution(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  row: Omit<NewExecutionRow, 'workspace_id'>,
): Promise<void> {
  await db
    .insertInto('executions')
    .values({ ...row, workspace_id: scope.workspaceId })
    .execute()
}

/** Changes one execution of the workspace; answers false when it has none of that id. */
export async function updateExecution(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  id: string,
  changes: Omit<ExecutionRowUpdate, 'id' | 'workspace_id'>,
): Promise<boolean> {
  const result = await db
    .updateTable('executions')
    .set(changes)
    .where('workspace_id', '=', scope.workspaceId)
    .where('id', '=', id)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

export function findExecution(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  id: string,
): Promise<ExecutionRow | undefined> {
  return db
    .selectFrom('executions')
    .selectAll()
    .where('workspace_id', '=', scope.workspaceId)
    .where('id', '=', id)
    .executeTakeFirst()
}

/** One execution of the workspace with its flow's name, as the list shows it. */
export function findListedExecution(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  id: string,
): Promise<ExecutionListRow | undefined> {
  return db
    .selectFrom('executions')
    .innerJoin('flows', 'flows.id', 'executions.agentflow_id')
    .select([...LISTED_COLUMNS, 'flows.name as agentflow_name'])
    .where('executions.workspace_id', '=', scope.workspaceId)
    .where('executions.id', '=', id)
    .executeTakeFirst()
}

/**
 * The newest execution of this flow and session still running (INPROGRESS, not paused) and written
 * since `since`: the one a queued run's earlier attempt left when its worker died.
 */
export function findRunningExecution(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  agentflowId: string,
  sessionId: string,
  since: string,
): Promise<ExecutionRow | undefined> {
  return sessionInProgress(db, scope, agentflowId, sessionId)
    .where('action', 'is', null)
    .where('updated_at', '>=', since)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst()
}

/** The INPROGRESS executions of this flow and session (running, or paused at Human Input). */
const sessionInProgress = (db: Kysely<Database>, scope: WorkspaceScope, agentflowId: string, sessionId: string) =>
  db
    .selectFrom('executions')
    .selectAll()
    .where('workspace_id', '=', scope.workspaceId)
    .where('agentflow_id', '=', agentflowId)
    .where('session_id', '=', sessionId)
    .where('state', '=', 'INPROGRESS')

/** The newest execution of this flow and session paused at a Human Input step (INPROGRESS with an action). */
export function findWaitingExecution(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  agentflowId: string,
  sessionId: string,
): Promise<ExecutionRow | undefined> {
  return sessionInProgress(db, scope, agentflowId, sessionId)
    .where('action', 'is not', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst()
}

/** The workspace's executions matching the filter: a query both the page and its count start from. */
const matching = (db: Kysely<Database>, scope: WorkspaceScope, filter: ExecutionFilter) =>
  db
    .selectFrom('executions')
    .where('executions.workspace_id', '=', scope.workspaceId)
    .$if(filter.agentflowId !== undefined, (q) => q.where('executions.agentflow_id', '=', filter.agentflowId!))
    .$if(filter.sessionId !== undefined, (q) => q.where('executions.session_id', '=', filter.sessionId!))
    .$if(filter.state !== undefined, (q) => q.where('executions.state', '=', filter.state!))
    .$if(filter.startDate !== undefined, (q) => q.where('executions.created_at', '>=', filter.startDate!))
    .$if(filter.endDate !== undefined, (q) => q.where('executions.created_at', '<=', filter.endDate!))

/** One page of the workspace's executions matching the filter, newest first, and how many match in all. */
export async function listExecutions(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  filter: ExecutionFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: ExecutionListRow[]; total: number }> {
  const rows = await matching(db, scope, filter)
    .innerJoin('flows', 'flows.id', 'executions.agentflow_id')
    .select([...LISTED_COLUMNS, 'flows.name as agentflow_name'])
    .orderBy('executions.created_at', 'desc')
    .orderBy('executions.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute()
  const { total } = await matching(db, scope, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow()
  return { rows, total: Number(total) }
}

/** Ids per statement: well under the bound-parameter limits of SQLite and PostgreSQL. */
const DELETE_BATCH = 500

/** Removes the workspace's executions with these ids (others are left alone), all or none; answers how many went. */
export async function deleteExecutions(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0
  return db.transaction().execute(async (trx) => {
    let deleted = 0
    for (let start = 0; start < ids.length; start += DELETE_BATCH) {
      const result = await trx
        .deleteFrom('executions')
        .where('workspace_id', '=', scope.workspaceId)
        .where('id', 'in', ids.slice(start, start + DELETE_BATCH))
        .executeTakeFirst()
      deleted += Number(result.numDeletedRows)
    }
    return deleted
  })
}

/** An execution found by id alone, only when it is shared: for the public execution page. */
/** A shared execution with its flow's name (the page a stranger opens shows what ran). */
export function findPublicExecution(
  db: Kysely<Database>,
  id: string,
): Promise<(ExecutionRow & { agentflow_name: string }) | undefined> {
  return db
    .selectFrom('executions')
    .innerJoin('flows', 'flows.id', 'executions.agentflow_id')
    .selectAll('executions')
    .select('flows.name as agentflow_name')
    .where('executions.id', '=', id)
    .where('executions.is_public', '=', 1)
    .executeTakeFirst()
}

/**
 * Marks the executions still INPROGRESS without an action (a paused run is not running) that were
 * last written before `writtenBefore` (all of them when it is not given) as TERMINATED and
 * interrupted, in all workspaces, with `error`. Their stopped date is their last write, the last
 * moment a server was known to run them. Answers how many were marked.
 */
export async function interruptUnfinishedExecutions(
  db: Kysely<Database>,
  error: string,
  writtenBefore?: string,
): Promise<number> {
  let query = db
    .updateTable('executions')
    .set((eb) => ({ state: 'TERMINATED' as const, interrupted: 1 as const, error, stopped_at: eb.ref('updated_at') }))
    .where('state', '=', 'INPROGRESS')
    .where('action', 'is', null)
  if (writtenBefore !== undefined) query = query.where('updated_at', '<', writtenBefore)
  const result = await query.executeTakeFirst()
  return Number(result.numUpdatedRows)
}
