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

/** The credentials the nodes name. */
function namedCredentialIds(flowNodes: CheckedNode[]): string[] {
  const named = flowNodes
    .map((node) => node.data?.credential ?? node.data?.inputs?.FLOWISE_CREDENTIAL_ID)
    .filter((id): id is string => typeof id === 'string' && id !== '')
  return [...new Set(named)]
}

/** Of the credentials named, those that exist in the flow's workspace. */
async function ownCredentialIds(ctx: AppContext, workspaceId: string, named: string[]) {
  if (named.length === 0) return new Set<string>()
  const rows = await ctx.db
    .selectFrom('credentials')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', named)
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

/** What the check learns from a flow version alone, and its last verdict with the credentials found. */
interface CheckedVersion {
  flowData: string
  nodes: CheckedNode[]
  named: string[]
  graph: string | undefined
  last?: { found: string; problems: readonly string[] }
}

const MAX_VERSIONS = 500
/** Recently checked flow versions (least recently used first), so a flow is parsed and walked once per version, not per run. */
const versions = new Map<string, CheckedVersion>()

function checkedVersion(flow: FlowRow): CheckedVersion {
  const key = `${flow.workspace_id}:${flow.id}:${flow.type}:${flow.updated_at}`
  const known = versions.get(key)
  versions.delete(key)
  // The same save time with other data (two saves within a millisecond) is checked anew.
  if (known && known.flowData === flow.flow_data) {
    versions.set(key, known)
    return known
  }
  const flowNodes = nodesOf(flow.flow_data)
  const checked = {
    flowData: flow.flow_data,
    nodes: flowNodes,
    named: namedCredentialIds(flowNodes),
    graph: graphProblem(flow),
  }
  versions.set(key, checked)
  if (versions.size > MAX_VERSIONS) versions.delete(versions.keys().next().value!)
  return checked
}

/**
 * Refuses a flow that cannot run because of how it is built (a node this version lacks or cannot
 * run, a credential missing or gone, nodes connected so that no run can end well) with 422 listing every problem, before anything runs or is
 * stored, instead of a 500 naming the first node that fails. Whether the flow's credentials still
 * exist is asked at every run; the rest is worked out once per flow version.
 */
export async function requireRunnable(ctx: AppContext, flow: FlowRow): Promise<void> {
  const version = checkedVersion(flow)
  const credentialIds = await ownCredentialIds(ctx, flow.workspace_id, version.named)
  const found = [...credentialIds].sort().join(',')
  if (version.last?.found !== found) {
    const problems = flowProblems(version.nodes, { descriptors, credentialIds })
    if (version.graph) problems.push(version.graph)
    version.last = { found, problems }
  }
  const { problems } = version.last
  if (problems.length > 0) throw new HttpError(422, `This flow cannot run: ${problems.join('; ')}`)
}
