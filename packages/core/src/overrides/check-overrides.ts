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
const noSuchParam = (key: string) =>
  `${key} cannot be overridden: no node of this flow has a parameter of that name ${WHERE}.`

/**
 * Names Flowise clients send under `overrideConfig` that are options of the run, not params:
 * `sessionId` (the memory's session; read apart, never an override) and `returnSourceDocuments`
 * (Flowise's API samples send it; where a node has such a param it is checked as one).
 */
const RUN_OPTIONS = new Set(['sessionId', 'returnSourceDocuments'])

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** `{ "temperature": { "chatOpenAI_0": 0.2 } }` aims a value at single nodes. */
const isPerNode = (value: unknown): value is Record<string, unknown> =>
  isObject(value) && Object.keys(value).length > 0 && Object.keys(value).every(looksLikeNodeId)

/**
 * Decides a call's `overrideConfig` against the flow's setting before anything runs: every value
 * aimed at a node's param must be enabled for that node's label and not locked, every variable under
 * `vars` enabled; the first that is not refuses the whole call, with a message naming it. A key
 * that names no param of the nodes it is aimed at is refused too (an unknown name, a connection, a
 * setting nested inside an agentflow step's model such as `basePath`), except the run options
 * Flowise clients send (`sessionId`, `returnSourceDocuments`), which are left out.
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
  const name = `overrideConfig.${key}`
  let found = false
  for (const node of nodes) {
    if (perNode && !Object.hasOwn(perNode, node.id)) continue
    const param = node.inputParams.find((candidate) => candidate.name === key)
    // Anchors are connections, not params: they are never overridden.
    if (!param || !isParamType(param.type)) continue
    found = true
    const lock = overrideLockOf(param, usesCredential(node))
    if (lock === 'never') return `${name} cannot be overridden: secrets, credentials, server files and code never are.`
    if (!isParamEnabled(setting, node.label, key)) return notAllowed(name)
    if (lock === 'credential') return `${name} cannot be overridden while ${node.label} (${node.id}) uses a credential.`
    allowed.nodes[node.id] = { ...allowed.nodes[node.id], [key]: perNode ? perNode[node.id] : value }
  }
  if (!found && !RUN_OPTIONS.has(key)) return noSuchParam(name)
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
