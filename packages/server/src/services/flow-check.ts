import { flowProblems, type CheckedNode } from '@weft/core'
import { prepareChatflow, readAgentflow } from '@weft/engine'
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
 * What is wrong with how the flow's nodes are connected, read as the engine reads them: a chatflow
 * with no ending node or several that one run could reach, an agentflow without its Start, a team
 * whose workers have no supervisor or share a name. Undefined when the graph can run.
 */
function graphProblem(flow: FlowRow): string | undefined {
  try {
    if (flow.type === 'AGENTFLOW' || flow.type === 'MULTIAGENT') readAgentflow(flow.flow_data)
    else prepareChatflow(flow.flow_data)
    return undefined
  } catch (error) {
    return error instanceof Error ? error.message.replace(/\.$/, '') : String(error)
  }
}

/**
 * Refuses a flow that cannot run because of how it is built (a node this version lacks or cannot
 * run, a credential missing or gone, nodes connected so that no run can end well) with 422 listing every problem, before anything runs or is
 * stored, instead of a 500 naming the first node that fails.
 */
export async function requireRunnable(ctx: AppContext, flow: FlowRow): Promise<void> {
  const flowNodes = nodesOf(flow.flow_data)
  const problems = flowProblems(flowNodes, {
    descriptors,
    credentialIds: await ownCredentialIds(ctx, flow.workspace_id, flowNodes),
  })
  const graph = graphProblem(flow)
  if (graph) problems.push(graph)
  if (problems.length > 0) throw new HttpError(422, `This flow cannot run: ${problems.join('; ')}`)
}
