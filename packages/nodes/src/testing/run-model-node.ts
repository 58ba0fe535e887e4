import type { NodeDefinition, NodeRunContext } from '../define-node.js'
import type { OutboundFetch } from '../net/outbound-guard.js'
import type { ChatModel, Tool } from '../providers/chat-model.js'
import type { Embedder } from '../providers/embedder.js'
import { testRun } from '../runtime/test-run.js'

// Builds a model node as the engine does (its inputs, its credential, the run's outbound guard as
// `scope.fetch`), for the provider tests that then call it against a stand-in on loopback.

export async function runModelNode<T extends ChatModel | Embedder>(
  node: NodeDefinition,
  inputs: Record<string, unknown>,
  credential: Record<string, string> | undefined,
  fetch: OutboundFetch,
): Promise<T> {
  const context = {
    nodeId: `${node.descriptor.name}_0`,
    label: node.descriptor.label,
    inputs,
    credential,
    isEnding: false,
    scope: testRun({ fetch }).scope,
  } as NodeRunContext
  return (await node.run!(context)) as T
}

/** A tool the model may call in tests: it tells the weather of a city. */
export const weatherTool: Tool = {
  kind: 'tool',
  name: 'weather',
  description: 'Tells the weather of a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  execute: async (input) => `Sunny in ${String(input.city)}`,
}

export const ask = (question: string) => [{ role: 'user' as const, content: question }]
