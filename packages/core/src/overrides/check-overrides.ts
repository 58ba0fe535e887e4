import { looksLikeNodeId } from '../graph/node-references.js'
import { isParamType, type FlowNodeData, type InputParam } from '../types/node.js'
import type { OverrideConfigSetting } from '../types/run.js'
import { overrideLockOf, usesCredential } from './override-locks.js'
import { isParamEnabled, isVariableEnabled } from './override-setting.js'

/** What the check needs of a flow node: its params and whether it uses a credential. */
export type OverrideNode = Pick<FlowNodeData, 'id' | 'name' | 'label' | 'credential'> & {
  inputs?: Record<string, unknown>
  inputParams: readonly InputParam[]
}

/** The overrides a call may apply: values by node id and param name, and `$vars` by name. */
export interface AllowedOverrides {
  nodes: Record<string, Record<string, unknown>>
  vars: Record<string, unknown>
}

export type OverrideCheck = { ok: true; allowed: AllowedOverrides } | { ok: false; message: string }

export const NO_OVERRIDES: AllowedOverrides = Object.freeze({ nodes: {}, vars: {} })

const WHERE = '(flow Configuration → Security → Override configuration)'
const notAllowed = (key: string) => `${key} cannot be overridden: this flow does not allow it ${WHERE}.`

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** `{ "temperature": { "chatOpenAI_0": 0.2 } }` aims a value at single nodes. */
const isPerNode = (value: unknown): value is Record<string, unknown> =>
  isObject(value) && Object.keys(value).length > 0 && Object.keys(value).every(looksLikeNodeId)

/**
 * Decides a call's `overrideConfig` against the flow's setting before anything runs: every value
 * aimed at a node's param must be enabled for that node's label and not locked, every variable under
 * `vars` enabled; the first that is not refuses the whole call, with a message naming it. Keys that
 * name no param of any node (`sessionId`, `returnSourceDocuments`, `analytics`, …) are run options
 * and are left out, not refused.
 */
export function checkOverrides(
  nodes: readonly OverrideNode[],
  setting: OverrideConfigSetting,
  overrideConfig: Record<string, unknown> | undefined,
): OverrideCheck {
  const allowed: AllowedOverrides = { nodes: {}, vars: {} }
  for (const [key, value] of Object.entries(overrideConfig ?? {})) {
    const refusal =
      key === 'vars' ? checkVars(setting, value, allowed) : checkParam(nodes, setting, key, value, allowed)
    if (refusal) return { ok: false, message: refusal }
  }
  return { ok: true, allowed }
}

function checkVars(setting: OverrideConfigSetting, sent: unknown, allowed: AllowedOverrides): string | undefined {
  if (!isObject(sent)) return undefined
  for (const [name, value] of Object.entries(sent)) {
    if (!isVariableEnabled(setting, name)) return notAllowed(`overrideConfig.vars.${name}`)
    allowed.vars[name] = value
  }
  return undefined
}

function checkParam(
  nodes: readonly OverrideNode[],
  setting: OverrideConfigSetting,
  key: string,
  value: unknown,
  allowed: AllowedOverrides,
): string | undefined {
  const perNode = isPerNode(value) ? value : undefined
  for (const node of nodes) {
    if (perNode && !Object.hasOwn(perNode, node.id)) continue
    const param = node.inputParams.find((candidate) => candidate.name === key)
    // Anchors are connections, not params: a key that names one is a run option as far as the check goes.
    if (!param || !isParamType(param.type)) continue
    const lock = overrideLockOf(param, usesCredential(node))
    const name = `overrideConfig.${key}`
    if (lock === 'never') return `${name} cannot be overridden: secrets, credentials, server files and code never are.`
    if (!isParamEnabled(setting, node.label, key)) return notAllowed(name)
    if (lock === 'credential') return `${name} cannot be overridden while ${node.label} (${node.id}) uses a credential.`
    allowed.nodes[node.id] = { ...allowed.nodes[node.id], [key]: perNode ? perNode[node.id] : value }
  }
  return undefined
}

/**
 * The first param the setting enables that can never be overridden on this flow (a secret, or an
 * endpoint of a node that uses a credential), named for the owner who tries to save it.
 */
export function lockedOverrideProblem(
  nodes: readonly OverrideNode[],
  setting: OverrideConfigSetting,
): string | undefined {
  for (const node of nodes) {
    for (const entry of setting.nodes?.[node.label] ?? []) {
      if (entry.enabled !== true) continue
      // An entry for a param the node does not have (a Flowise export, an older version) overrides nothing.
      const param = node.inputParams.find((candidate) => candidate.name === entry.name)
      if (!param) continue
      const lock = overrideLockOf(param, usesCredential(node))
      if (lock === 'never')
        return `${entry.name} of ${node.label} can never be overridden: it is a secret, a file or code`
      if (lock === 'credential') {
        return `${entry.name} of ${node.label} (${node.id}) cannot be overridden while the node uses a credential`
      }
    }
  }
  return undefined
}
