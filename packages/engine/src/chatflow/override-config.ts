import { overrideLockOf, usesCredential, type AllowedOverrides, type InputParam } from '@weft/core'

/**
 * The node's inputs with the run's allowed overrides applied. The server decided them with
 * `checkOverrides` before the run; this applies only values aimed at this node's own params and,
 * again, never to a param that is locked (a secret, code, a connection, or an endpoint of a node that
 * uses a credential), so no path into the engine can override one.
 */
export function applyOverrides(
  node: { id: string; credential?: string; inputs?: Record<string, unknown> },
  inputs: Record<string, unknown>,
  params: readonly InputParam[],
  overrides: AllowedOverrides | undefined,
): Record<string, unknown> {
  const values = overrides?.nodes[node.id]
  if (!values) return inputs
  const credential = usesCredential(node)
  let result = inputs
  for (const param of params) {
    if (!Object.hasOwn(values, param.name) || overrideLockOf(param, credential)) continue
    result = { ...result, [param.name]: values[param.name] }
  }
  return result
}

/** `$vars` of the run: the workspace's, then those the call was allowed to send under `overrideConfig.vars`. */
export function overriddenVars(
  vars: Readonly<Record<string, string>>,
  overrides: AllowedOverrides | undefined,
): Record<string, string> {
  const result = { ...vars }
  for (const [name, value] of Object.entries(overrides?.vars ?? {})) {
    result[name] = typeof value === 'string' ? value : JSON.stringify(value)
  }
  return result
}
