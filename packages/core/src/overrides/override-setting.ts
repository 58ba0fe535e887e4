import type { OverrideConfigSetting, OverrideParamSetting, OverrideVariableSetting } from '../types/run.js'

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const named = <T>(list: unknown): T[] =>
  Array.isArray(list) ? (list.filter((item) => isObject(item) && typeof item.name === 'string') as T[]) : []

/**
 * The override setting of a parsed `apiConfig`, whatever was stored: anything but `status: true` is
 * off, and only entries with `enabled: true` count, so a malformed or half-written setting allows less,
 * never more.
 */
export function readOverrideSetting(apiConfig: unknown): OverrideConfigSetting {
  const setting = isObject(apiConfig) ? apiConfig.overrideConfig : undefined
  if (!isObject(setting)) return { status: false }
  const nodes = isObject(setting.nodes) ? setting.nodes : {}
  return {
    status: setting.status === true,
    nodes: Object.fromEntries(Object.entries(nodes).map(([label, list]) => [label, named<OverrideParamSetting>(list)])),
    variables: named<OverrideVariableSetting>(setting.variables),
  }
}

/** Whether the owner lets callers override param `name` of the nodes labelled `label`. */
export function isParamEnabled(setting: OverrideConfigSetting, label: string, name: string): boolean {
  return setting.status && (setting.nodes?.[label] ?? []).some((param) => param.name === name && param.enabled === true)
}

/** Whether the owner lets callers set the variable `name` through `overrideConfig.vars`. */
export function isVariableEnabled(setting: OverrideConfigSetting, name: string): boolean {
  return (
    setting.status && (setting.variables ?? []).some((variable) => variable.name === name && variable.enabled === true)
  )
}
