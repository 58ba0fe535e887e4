import {
  isParamType,
  overrideLockOf,
  usesCredential,
  type FlowData,
  type InputParam,
  type OverrideConfigSetting,
  type OverrideLock,
  type Variable,
} from '@weft/core'

/** One param the Security tab lists, with why it cannot be allowed, if it cannot. */
export interface OverrideChoice {
  label: string
  name: string
  type: string
  lock?: OverrideLock
}

/** The nodes of one label: the setting is keyed by label, so they share one list of params. */
export interface OverrideTarget {
  label: string
  nodeIds: string[]
  params: OverrideChoice[]
}

const LOCK_RANK = { never: 2, credential: 1 } as const
const rank = (lock: OverrideLock | undefined) => (lock ? LOCK_RANK[lock] : 0)

/**
 * The flow's nodes grouped by label, each with its params (connections left out) and the strictest
 * lock among the nodes of that label, so a param locked on one of them is locked for the label.
 */
export function overrideTargets(flow: Partial<FlowData>): OverrideTarget[] {
  const targets = new Map<string, OverrideTarget>()
  for (const node of flow.nodes ?? []) {
    if (node.type === 'stickyNote' || !node.data) continue
    const params = (node.data.inputParams ?? []).filter((param: InputParam) => isParamType(param.type))
    if (params.length === 0) continue
    const label = node.data.label ?? node.data.name
    const target = targets.get(label) ?? { label, nodeIds: [], params: [] }
    target.nodeIds.push(node.id)
    const credential = usesCredential(node.data)
    for (const param of params) {
      const lock = overrideLockOf(param, credential)
      const known = target.params.find((choice) => choice.name === param.name)
      if (!known) target.params.push({ label: param.label, name: param.name, type: param.type, lock })
      else if (rank(lock) > rank(known.lock)) known.lock = lock
    }
    targets.set(label, target)
  }
  return [...targets.values()]
}

/** The setting with one param of a label allowed or not; its entry keeps Flowise's shape. */
export function withParam(
  setting: OverrideConfigSetting,
  label: string,
  param: OverrideChoice,
  enabled: boolean,
): OverrideConfigSetting {
  const list = (setting.nodes?.[label] ?? []).filter((entry) => entry.name !== param.name)
  const entry = { label: param.label, name: param.name, type: param.type, enabled }
  return { ...setting, nodes: { ...setting.nodes, [label]: [...list, entry] } }
}

/** The setting with one workspace variable allowed or not. */
export function withVariable(
  setting: OverrideConfigSetting,
  variable: Pick<Variable, 'id' | 'name' | 'type'>,
  enabled: boolean,
): OverrideConfigSetting {
  const list = (setting.variables ?? []).filter((entry) => entry.name !== variable.name)
  const entry = { id: variable.id, name: variable.name, type: variable.type, enabled }
  return { ...setting, variables: [...list, entry] }
}

/** The setting with every locked param switched off, so a save never arms one (the server refuses it too). */
export function withoutLocked(setting: OverrideConfigSetting, flow: Partial<FlowData>): OverrideConfigSetting {
  const locked = new Set(
    overrideTargets(flow).flatMap((target) =>
      target.params.filter((param) => param.lock).map((param) => `${target.label}\n${param.name}`),
    ),
  )
  const nodes = Object.fromEntries(
    Object.entries(setting.nodes ?? {}).map(([label, list]) => [
      label,
      list.map((entry) => (locked.has(`${label}\n${entry.name}`) ? { ...entry, enabled: false } : entry)),
    ]),
  )
  return { ...setting, nodes }
}
