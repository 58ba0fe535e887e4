import type { FlowData } from '../types/node.js'

// Flowise saves some inputs under names that differ from ours only in spelling. Read under our name
// alone, the value is silently lost, and for a base URL that sends the prompts to the provider's
// public API instead of the server the flow names: so these are mapped when a flow is loaded or run.
// They stay out of the descriptors: a Flowise spelling must never become an input callers can override.

/** Per node name: our input name → the name Flowise saves it under (checked against Flowise's nodes). */
export const FLOWISE_SPELLINGS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  chatOpenAI: { basePath: 'basepath' },
  chatOpenAICustom: { basePath: 'basepath' },
  openAIEmbeddings: { basePath: 'basepath' },
  openAIEmbeddingsCustom: { basePath: 'basepath' },
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '')

/**
 * The inputs with each Flowise spelling moved to our name. Our name wins when it holds a value;
 * the Flowise key is dropped either way, so one value remains and the canvas shows it.
 */
export function withOurSpellings(nodeName: string, inputs: Record<string, unknown>): Record<string, unknown> {
  const spellings = FLOWISE_SPELLINGS[nodeName]
  if (!spellings || !Object.values(spellings).some((theirs) => theirs in inputs)) return inputs
  const mapped = { ...inputs }
  for (const [ours, theirs] of Object.entries(spellings)) {
    if (!(theirs in mapped)) continue
    if (isBlank(mapped[ours]) && !isBlank(mapped[theirs])) mapped[ours] = mapped[theirs]
    delete mapped[theirs]
  }
  return mapped
}

/** Every node of a flow with its inputs under our spellings; the same flow when none needed it. */
export function flowWithOurSpellings(flow: FlowData): FlowData {
  let changed = false
  const nodes = flow.nodes.map((node) => {
    const inputs = node.data?.inputs
    if (!inputs) return node
    const mapped = withOurSpellings(node.data.name, inputs)
    if (mapped === inputs) return node
    changed = true
    return { ...node, data: { ...node.data, inputs: mapped } }
  })
  return changed ? { ...flow, nodes } : flow
}
