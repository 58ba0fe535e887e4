import { mappedId, remapIdsInText, type ExecutionRecord, type IdMap } from '@weft/core'
import type { ExecutionRow, NewExecutionRow } from '../../db/tables.js'

/** An execution as the Execution group holds it; never its checkpoint (the engine's own state). */
export const toExecutionRecord = (row: ExecutionRow): ExecutionRecord => ({
  id: row.id,
  executionData: row.execution_data,
  action: row.action,
  state: row.state,
  agentflowId: row.agentflow_id,
  sessionId: row.session_id,
  isPublic: row.is_public === 1,
  createdDate: row.created_at,
  updatedDate: row.updated_at,
  stoppedDate: row.stopped_at,
  error: row.error,
  interrupted: row.interrupted === 1,
  parentExecutionId: row.parent_execution_id,
})

/** The row an imported execution becomes; the run that started it is linked once every row is written. */
export const toExecutionRow = (record: ExecutionRecord, ids: IdMap, workspaceId: string): NewExecutionRow => ({
  id: mappedId(ids, record.id),
  workspace_id: workspaceId,
  agentflow_id: mappedId(ids, record.agentflowId),
  session_id: record.sessionId,
  state: record.state,
  execution_data: remapIdsInText(record.executionData, ids),
  action: record.action,
  checkpoint: null,
  error: record.error,
  interrupted: record.interrupted ? 1 : 0,
  is_public: record.isPublic ? 1 : 0,
  parent_execution_id: null,
  created_at: record.createdDate,
  updated_at: record.updatedDate,
  stopped_at: record.stoppedDate,
})
