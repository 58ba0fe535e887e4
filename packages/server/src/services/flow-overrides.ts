import {
  checkOverrides,
  lockedOverrideProblem,
  NO_OVERRIDES,
  type AllowedOverrides,
  type FlowNode,
  type OverrideNode,
} from '@weft/core'
import { findNode } from '@weft/nodes'
import type { FlowRow } from '../db/tables.js'
import { HttpError } from '../http-error.js'
import { readOverrideConfig } from './flow-config.js'

/**
 * The flow's nodes as the override check sees them. Their params are the catalogue's, which are the
 * ones the engine applies values to; a node the catalogue does not know keeps its stored list.
 */
export function overrideNodesOf(flowData: string): OverrideNode[] {
  let nodes: unknown
  try {
    nodes = (JSON.parse(flowData) as { nodes?: unknown }).nodes
  } catch {
    return []
  }
  if (!Array.isArray(nodes)) return []
  return (nodes as Partial<FlowNode>[]).flatMap(({ id, data }) => {
    if (typeof id !== 'string' || !data || typeof data.name !== 'string') return []
    const inputParams = findNode(data.name)?.descriptor.inputs ?? data.inputParams ?? []
    return [
      { id, name: data.name, label: data.label ?? '', credential: data.credential, inputs: data.inputs, inputParams },
    ]
  })
}

/**
 * The overrides the call may apply to the flow, decided before anything runs; a refused one answers
 * 403 naming the param, so nothing is built, called or stored.
 */
export function allowedOverrides(flow: FlowRow, overrideConfig: Record<string, unknown> | undefined): AllowedOverrides {
  if (!overrideConfig || Object.keys(overrideConfig).length === 0) return NO_OVERRIDES
  const check = checkOverrides(overrideNodesOf(flow.flow_data), readOverrideConfig(flow.api_config), overrideConfig)
  if (!check.ok) throw new HttpError(403, check.message)
  return check.allowed
}

/**
 * Why the override setting of `apiConfig` cannot be saved with this flow data: it enables a param
 * that is locked (a secret, or an endpoint of a node that uses a credential); undefined when it can.
 */
export function lockedOverrideOf(flowData: string, apiConfig: string | null): string | undefined {
  const setting = readOverrideConfig(apiConfig)
  return lockedOverrideProblem(overrideNodesOf(flowData), setting)
}
