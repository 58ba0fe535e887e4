import { traceableParams, withOurSpellings, type AllowedOverrides } from '@weft/core'
import { buildComponent, isBranchValue, type NodeDefinition } from '@weft/nodes'
import { skippedWhen } from './branch-skips.js'
import type { EngineServices } from './chatflow-run.js'
import type { NodeObservations } from '../observe/node-observations.js'
import type { RunScope } from './node-contracts.js'
import { NodeRunError } from './node-run-error.js'
import { applyOverrides } from './override-config.js'
import type { PreparedChatflow, PreparedNode } from './prepare-chatflow.js'
import { resolveInputs } from './resolve-inputs.js'
import type { TextVariables } from './substitute-variables.js'

export interface BuildRequest {
  prepared: PreparedChatflow
  definitions: ReadonlyMap<string, NodeDefinition>
  credential: EngineServices['credential']
  overrides?: AllowedOverrides
  scope: RunScope
  /** Present when the run is observed (traced). */
  observations?: NodeObservations
  /** Builds only these nodes (a vector upsert: the stores and what they need); every node when absent. */
  only?: ReadonlySet<string>
}

/** Each built node's value by id, and the nodes the branches skipped. */
export interface BuiltNodes {
  values: Map<string, unknown>
  skipped: Set<string>
}

/**
 * Builds every node after the nodes it depends on, one level at a time; the nodes of a level build
 * together. When nodes fail, the first of its level in flow order is reported, so the same flow
 * always names the same node. A branch node (IfElse) passes its value along the output it took and
 * the nodes on its other paths are skipped, as is any node whose every input was skipped.
 */
export async function buildNodes(request: BuildRequest): Promise<BuiltNodes> {
  const values = new Map<string, unknown>()
  const skipped = new Set<string>()
  const { scope, prepared } = request
  const variables: TextVariables = {
    question: scope.question,
    history: scope.history,
    vars: scope.vars,
    flow: { chatflowId: scope.flowId, chatId: scope.chatId, sessionId: scope.sessionId },
    state: scope.flowState,
    nodeValue: (nodeId) => values.get(nodeId),
  }
  for (const level of prepared.levels) {
    scope.signal.throwIfAborted()
    for (const { node, dependsOn } of level) {
      if (dependsOn.length > 0 && dependsOn.every((id) => skipped.has(id))) skipped.add(node.id)
    }
    const building = level.filter(
      (entry) => !skipped.has(entry.node.id) && (!request.only || request.only.has(entry.node.id)),
    )
    const results = await Promise.allSettled(building.map((entry) => buildNode(entry, request, variables)))
    building.forEach(({ node }, index) => {
      const result = results[index]!
      if (result.status === 'rejected') throw new NodeRunError(node, result.reason)
      if (isBranchValue(result.value)) {
        values.set(node.id, result.value.value)
        for (const id of skippedWhen(prepared.nodes, node.id, result.value.output)) skipped.add(id)
      } else {
        values.set(node.id, result.value)
      }
    })
  }
  return { values, skipped }
}

async function buildNode(entry: PreparedNode, request: BuildRequest, variables: TextVariables): Promise<unknown> {
  const { data, id } = entry.node
  const definition = request.definitions.get(data.name)
  if (!definition) throw new Error(`Weft has no node named "${data.name}"`)
  const params = definition.descriptor.inputs
  // A flow saved by Flowise may name an input in Flowise's spelling (a base URL above all): read as ours.
  const saved = withOurSpellings(data.name, data.inputs ?? {})
  // Overrides go in after substitution: a caller's value is taken literally, so it cannot read $vars.
  const inputs = applyOverrides(
    { id, credential: data.credential, inputs: saved },
    resolveInputs(saved, params, variables),
    params,
    request.overrides,
  )
  const label = data.label || definition.descriptor.label
  const isEnding = request.prepared.endingNodeIds.includes(id)
  const run = async () =>
    buildComponent(definition, {
      nodeId: id,
      label,
      inputs,
      output: typeof data.outputs?.output === 'string' ? data.outputs.output : undefined,
      credential: data.credential ? await request.credential(data.credential) : undefined,
      isEnding,
      scope: request.scope,
    })
  if (!request.observations) return run()
  // The saved values, not the resolved ones: a `$vars` value never reaches a trace.
  const observed = { nodeId: id, name: data.name, label, params: traceableParams(params, saved) }
  return request.observations.build(observed, isEnding, run)
}
