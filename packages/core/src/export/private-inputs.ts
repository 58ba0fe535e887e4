import type { InputParam } from '../types/node.js'

/** The params of a catalogue node, by its name; undefined for a node the catalogue does not know. */
export type ParamsOf = (nodeName: string) => readonly InputParam[] | undefined

/** Param types whose values stay on this machine: secrets, and files or paths (SPEC §3 export rule). */
const PRIVATE_PARAM_TYPES: ReadonlySet<string> = new Set(['password', 'file', 'folder'])

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * `inputs` with the values of password, file and folder params emptied, also inside the rows of
 * array params, and inside the settings an agentflow step keeps for the node it picks
 * (`<input>Config` beside `<input>`, also in table rows), whose params `paramsOf` knows.
 */
export function withoutPrivateInputs(
  inputs: Record<string, unknown>,
  params: readonly InputParam[],
  paramsOf: ParamsOf,
): Record<string, unknown> {
  const result = { ...inputs }
  for (const param of params) {
    if (!Object.hasOwn(result, param.name)) continue
    const value = result[param.name]
    if (PRIVATE_PARAM_TYPES.has(param.type)) result[param.name] = ''
    else if (param.array && Array.isArray(value)) {
      const fields = param.array
      result[param.name] = value.map((row: unknown) =>
        isRecord(row) ? withoutPrivateInputs(row, fields, paramsOf) : row,
      )
    }
  }
  return withoutPickedSecrets(result, paramsOf)
}

function withoutPickedSecrets(values: Record<string, unknown>, paramsOf: ParamsOf): Record<string, unknown> {
  const result = { ...values }
  for (const [key, value] of Object.entries(values)) {
    const picked = key.endsWith('Config') ? values[key.slice(0, -'Config'.length)] : undefined
    if (isRecord(value) && typeof picked === 'string') {
      result[key] = withoutPrivateInputs(value, paramsOf(picked) ?? [], paramsOf)
    } else if (Array.isArray(value)) {
      result[key] = value.map((row: unknown) => (isRecord(row) ? withoutPickedSecrets(row, paramsOf) : row))
    }
  }
  return result
}
