import type { NodeDefinition } from '@weft/nodes'
import { describeNode } from './describe-node.js'
import type { PreparedChatflow, PreparedNode } from './prepare-chatflow.js'
import { UpsertRefusal } from './upsert-refusal.js'

const VECTOR_STORES = 'Vector Stores'

/** The names of the node's inputs that take documents; none for a node that is not a vector store. */
function documentInputsOf(definition: NodeDefinition | undefined): string[] {
  if (definition?.descriptor.category !== VECTOR_STORES) return []
  return definition.descriptor.inputs.filter((input) => input.type === 'Document').map((input) => input.name)
}

const hasDocuments = (entry: PreparedNode, inputs: readonly string[]) =>
  inputs.some((name) => (entry.references[name]?.length ?? 0) > 0)

/**
 * The nodes a vector upsert builds: the vector stores it writes to and every node they need. It
 * writes to the one `stopNodeId` names, or to every vector store with documents connected (Flowise
 * asks for a stop node when there are several; writing to each is what such a flow is drawn to
 * do). Throws an UpsertRefusal saying what to connect or name.
 */
export function upsertTargets(
  prepared: PreparedChatflow,
  definitions: ReadonlyMap<string, NodeDefinition>,
  stopNodeId?: string,
): Set<string> {
  const inputsOf = (entry: PreparedNode) => documentInputsOf(definitions.get(entry.node.data.name))
  let stores: PreparedNode[]
  if (stopNodeId) {
    const entry = prepared.nodes.get(stopNodeId)
    if (!entry) throw new UpsertRefusal(`stopNodeId: this flow has no node ${stopNodeId}.`)
    const inputs = inputsOf(entry)
    if (inputs.length === 0) {
      throw new UpsertRefusal(`stopNodeId: ${describeNode(entry.node)} is not a vector store that takes documents.`)
    }
    if (!hasDocuments(entry, inputs)) {
      throw new UpsertRefusal(`${describeNode(entry.node)} has no documents connected to upsert.`)
    }
    stores = [entry]
  } else {
    const vectorStores = [...prepared.nodes.values()].filter((entry) => inputsOf(entry).length > 0)
    stores = vectorStores.filter((entry) => hasDocuments(entry, inputsOf(entry)))
    if (vectorStores.length === 0) throw new UpsertRefusal('There is no vector store in this flow to upsert into.')
    if (stores.length === 0) {
      throw new UpsertRefusal(
        `No vector store in this flow has documents connected: connect a document loader to ${vectorStores.map((entry) => describeNode(entry.node)).join(', ')}.`,
      )
    }
  }
  return upstreamOf(prepared, stores)
}

/** The nodes and every node they wait for, directly or not: their values, and Set Variable before Get Variable. */
function upstreamOf(prepared: PreparedChatflow, from: readonly PreparedNode[]): Set<string> {
  const needed = new Set<string>()
  const waiting = from.map((entry) => entry.node.id)
  while (waiting.length > 0) {
    const id = waiting.pop()!
    const entry = prepared.nodes.get(id)
    if (!entry || needed.has(id)) continue
    needed.add(id)
    waiting.push(...entry.dependsOn, ...entry.after)
  }
  return needed
}
