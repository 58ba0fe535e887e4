import { randomUUID } from 'node:crypto'
import type { ChatflowUpsertResult } from '@weft/engine'
import { nodes } from '@weft/nodes'
import type { Principal } from '../auth/principal.js'
import type { AppContext } from '../context.js'
import { insertUpsertHistory, listUpsertHistory } from '../db/repositories/upsert-history.repository.js'
import type { FlowRow } from '../db/tables.js'
import { findMemberFlow } from './flow-access.service.js'

/** One upsert as Flowise's `GET /upsert-history/:id` answers it. */
export interface UpsertHistoryEntry {
  id: string
  chatflowid: string
  result: Record<string, unknown>
  flowData: Record<string, unknown>
  date: string
}

interface StoredNode {
  id?: unknown
  data?: { name?: unknown; label?: unknown }
}

/** The flow's vector store nodes by id, with label and name: which stores an upsert wrote. No inputs, so no secrets. */
function vectorStoresOf(flowData: string): Record<string, { label: string; name: string }> {
  const stores: Record<string, { label: string; name: string }> = {}
  let parsed: { nodes?: StoredNode[] }
  try {
    parsed = JSON.parse(flowData) as { nodes?: StoredNode[] }
  } catch {
    return stores
  }
  for (const node of parsed.nodes ?? []) {
    const name = typeof node.data?.name === 'string' ? node.data.name : undefined
    const category = nodes.find((definition) => definition.descriptor.name === name)?.descriptor.category
    if (typeof node.id !== 'string' || !name || category !== 'Vector Stores') continue
    stores[node.id] = { label: typeof node.data?.label === 'string' ? node.data.label : name, name }
  }
  return stores
}

/** Keeps an upsert in the flow's history: its counts (not the documents) and the stores it wrote. */
export async function recordUpsert(ctx: AppContext, flow: FlowRow, result: ChatflowUpsertResult): Promise<void> {
  const { numAdded, numDeleted, numUpdated, numSkipped } = result
  await insertUpsertHistory(ctx.db, {
    id: randomUUID(),
    workspace_id: flow.workspace_id,
    flow_id: flow.id,
    result: JSON.stringify({ numAdded, numDeleted, numUpdated, numSkipped }),
    flow_data: JSON.stringify(vectorStoresOf(flow.flow_data)),
    created_at: new Date().toISOString(),
  })
}

/** A flow's upserts (Flowise's `GET /upsert-history/:id`), for a caller who may view the flow. */
export async function listFlowUpserts(
  ctx: AppContext,
  principal: Principal,
  flowId: string,
  filter: { descending: boolean; from?: string | undefined; to?: string | undefined },
): Promise<UpsertHistoryEntry[]> {
  const flow = await findMemberFlow(ctx, principal, flowId, 'view')
  const rows = await listUpsertHistory(ctx.db, { workspaceId: flow.workspace_id }, flow.id, filter)
  return rows.map((row) => ({
    id: row.id,
    chatflowid: row.flow_id,
    result: JSON.parse(row.result) as Record<string, unknown>,
    flowData: JSON.parse(row.flow_data) as Record<string, unknown>,
    date: row.created_at,
  }))
}
