import { randomUUID } from 'node:crypto'
import { retrieveFromStores } from './document-store-search.js'
import type { FlowType } from '@weft/core'
import type { AgentflowServices, EngineServices } from '@weft/engine'
import type { RunFlowRequest, RunFlowResult } from '@weft/nodes'
import type { AppContext } from '../context.js'
import { flowsRepository } from '../db/repositories/flows.repository.js'
import type { FlowRow } from '../db/tables.js'
import { executionStore } from './executions.service.js'
import { allowedOverrides } from './flow-overrides.js'

/** Flow types that run on the agentflow runtime (control flow with steps) rather than as chatflows. */
export const isAgentflow = (type: FlowType | string): boolean => type === 'AGENTFLOW' || type === 'MULTIAGENT'

/** Execute Flow calls nest; past this depth a flow that calls itself is stopped. */
const MAX_NESTED_FLOWS = 5

/**
 * What an agentflow run borrows besides the common services: its workspace's executions, and a way
 * to run another flow of the same workspace for Execute Flow (never a flow of another workspace).
 */
export function agentflowServices(
  ctx: AppContext,
  flow: FlowRow,
  common: EngineServices,
  depth: number,
  runNested: (target: FlowRow, request: NestedRun) => Promise<RunFlowResult>,
): AgentflowServices {
  return {
    ...common,
    executions: executionStore(ctx, flow.workspace_id),
    runFlow: nestedFlowRunner(ctx, flow, depth, runNested),
    retrieve: (request) => retrieveFromStores(ctx, flow.workspace_id, request),
  }
}

/**
 * Runs another flow of `flow`'s workspace (Execute Flow, Chatflow Tool): an id of another workspace
 * is not found, and calls nested past MAX_NESTED_FLOWS are stopped.
 */
export function nestedFlowRunner(
  ctx: AppContext,
  flow: FlowRow,
  depth: number,
  runNested: (target: FlowRow, request: NestedRun) => Promise<RunFlowResult>,
) {
  return async (request: Omit<NestedRun, 'depth'>): Promise<RunFlowResult> => {
    if (depth >= MAX_NESTED_FLOWS) {
      throw new Error(`flows called each other ${MAX_NESTED_FLOWS} levels deep; a flow may be calling itself.`)
    }
    const target = await flowsRepository(ctx.db).find({ workspaceId: flow.workspace_id }, request.flowId)
    if (!target) throw new Error(`there is no flow ${request.flowId} in this workspace.`)
    return runNested(target, { ...request, depth: depth + 1 })
  }
}

export interface NestedRun extends RunFlowRequest {
  /** The calling agentflow execution; absent when a chatflow calls. */
  parentExecutionId?: string
  sessionId: string
  signal: AbortSignal
  depth: number
}

/** The prediction request of a nested run: its overrides pass the called flow's own allow-list. */
export function nestedRequest(target: FlowRow, request: NestedRun) {
  return {
    overrides: allowedOverrides(target, request.overrideConfig),
    request: { question: request.question, chatId: `${request.sessionId}:${randomUUID()}` },
  }
}
