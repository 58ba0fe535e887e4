import type { NodeDefinition } from '@weft/nodes'
import type { EngineServices } from './chatflow-run.js'
import type { RunScope } from './node-contracts.js'
import { NodeRunError } from './node-run-error.js'
import { applyOverrideConfig } from './override-config.js'
import type { PreparedChatflow, PreparedNode } from './prepare-chatflow.js'
import { resolveInputs } from './resolve-inputs.js'
import type { TextVariables } from './substitute-variables.js'

export interface BuildRequest {
  prepared: PreparedChatflow
  definitions: ReadonlyMap<string, NodeDefinition>
  credential: EngineServices['credential']
  overrideConfig?: Record<string, unknown>
  scope: RunScope
}

/**
 * Builds every node after the nodes it depends on, one level at a time; the nodes of a level build
 * together. Resolves with each node's value by id. When nodes fail, the first of its level in flow
 * order is reported, so the same flow always names the same node.
 */
export async function buildNodes(request: BuildRequest): Promise<Map<string, unknown>> {
  const values = new Map<string, unknown>()
  const { scope } = request
  const variables: TextVariables = {
    question: scope.question,
    history: scope.history,
    vars: scope.vars,
    flow: { chatflowId: scope.flowId, chatId: scope.chatId, sessionId: scope.sessionId },
    state: scope.flowState,
    nodeValue: (nodeId) => values.get(nodeId),
  }
  for (const level of request.prepared.levels) {
    scope.signal.throwIfAborted()
    const results = await Promise.allSettled(level.map((entry) => buildNode(entry, request, variables)))
    results.forEach((result, index) => {
      if (result.status === 'rejected') throw new NodeRunError(level[index]!.node, result.reason)
      values.set(level[index]!.node.id, result.value)
    })
  }
  return values
}

async function buildNode(entry: PreparedNode, request: BuildRequest, variables: TextVariables): Promise<unknown> {
  const { data, id } = entry.node
  const definition = request.definitions.get(data.name)
  if (!definition) throw new Error(`Weft has no node named "${data.name}"`)
  const params = definition.descriptor.inputs
  // Overrides go in after substitution: a caller's value is taken literally, so it cannot read $vars.
  const inputs = applyOverrideConfig(
    id,
    resolveInputs(data.inputs ?? {}, params, variables),
    params,
    request.overrideConfig,
  )
  const credential = data.credential ? await request.credential(data.credential) : undefined
  return definition.run({
    nodeId: id,
    label: data.label || definition.descriptor.label,
    inputs,
    output: typeof data.outputs?.output === 'string' ? data.outputs.output : undefined,
    credential,
    isEnding: id === request.prepared.endingNodeId,
    scope: request.scope,
  })
}
