import type { FlowData, FlowNodeData } from '../types/node.js'

/** Input names that hold a credential id: ours, and the one Flowise flows carry. */
const CREDENTIAL_INPUTS = ['credential', 'FLOWISE_CREDENTIAL_ID']

/** Param types whose values stay on this machine (SPEC §3 export rule). */
const PRIVATE_PARAM_TYPES: ReadonlySet<string> = new Set(['password', 'file', 'folder'])

/**
 * SPEC §5: credential ids never travel in copied data, so a pasted or shared node cannot reach
 * someone's stored secret. Removes `data.credential` and the credential inputs, also where an
 * agentflow step keeps them nested: its model's settings (`llmModelConfig.credential`) and its
 * tools' rows (`agentTools[i].agentSelectedToolConfig.credential`).
 */
export function stripCredentials<T extends { data: FlowNodeData }>(node: T): T {
  const { credential: _credential, ...data } = node.data
  const inputs = withoutCredentialIds(data.inputs) as Record<string, unknown>
  return { ...node, data: { ...data, inputs } }
}

/** A copy of any JSON value without the credential id fields, at any depth. */
export function withoutCredentialIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutCredentialIds)
  if (!value || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name]) => !CREDENTIAL_INPUTS.includes(name))
      .map(([name, item]) => [name, withoutCredentialIds(item)]),
  )
}

/** `stripCredentials` on every node of a flow. */
export function stripFlowCredentials(flow: FlowData): FlowData {
  return { ...flow, nodes: flow.nodes.map((node) => stripCredentials(node)) }
}

/**
 * For export (SPEC §3): credentials stripped, and the values of password, file and folder params
 * emptied, since they are secrets or paths that mean nothing on another machine.
 */
export function sanitizeFlowForExport(flow: FlowData): FlowData {
  const stripped = stripFlowCredentials(flow)
  const nodes = stripped.nodes.map((node) => {
    const inputs = { ...node.data.inputs }
    for (const param of node.data.inputParams) {
      if (PRIVATE_PARAM_TYPES.has(param.type) && Object.hasOwn(inputs, param.name)) inputs[param.name] = ''
    }
    return { ...node, data: { ...node.data, inputs } }
  })
  return { ...stripped, nodes }
}
