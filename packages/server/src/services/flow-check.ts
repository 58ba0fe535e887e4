import { flowProblems, type CheckedNode } from '@weft/core'
import { nodes } from '@weft/nodes'
import type { AppContext } from '../context.js'
import type { FlowRow } from '../db/tables.js'
import { HttpError } from '../http-error.js'

const descriptors = nodes.map((node) => node.descriptor)

function nodesOf(flowData: string): CheckedNode[] {
  try {
    const parsed = JSON.parse(flowData) as { nodes?: unknown }
    return Array.isArray(parsed.nodes) ? (parsed.nodes as CheckedNode[]) : []
  } catch {
    // Unreadable flow data: the engine says so when it reads it.
    return []
  }
}

/** The credentials the nodes name that exist in the flow's workspace. */
async function ownCredentialIds(ctx: AppContext, workspaceId: string, flowNodes: CheckedNode[]) {
  const named = flowNodes
    .map((node) => node.data?.credential ?? node.data?.inputs?.FLOWISE_CREDENTIAL_ID)
    .filter((id): id is string => typeof id === 'string' && id !== '')
  if (named.length === 0) return new Set<string>()
  const rows = await ctx.db
    .selectFrom('credentials')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', [...new Set(named)])
    .execute()
  return new Set(rows.map((row) => row.id))
}

/**
 * Refuses a flow that cannot run because of how it is built (a node this version lacks or cannot
 * run, a credential missing or gone) with 422 listing every problem, before anything runs or is
 * stored, instead of a 500 naming the first node that fails.
 */
export async function requireRunnable(ctx: AppContext, flow: FlowRow): Promise<void> {
  const flowNodes = nodesOf(flow.flow_data)
  const problems = flowProblems(flowNodes, {
    descriptors,
    credentialIds: await ownCredentialIds(ctx, flow.workspace_id, flowNodes),
  })
  if (problems.length > 0) throw new HttpError(422, `This flow cannot run: ${problems.join('; ')}`)
}
