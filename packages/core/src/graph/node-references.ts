/**
 * References from one node's inputs to another node, in the forms the flow format uses:
 * `{{chatOpenAI_0.data.instance}}` (a chatflow connection), `{{ llmAgentflow_0 }}` and
 * `{{llmAgentflow_0.output.content}}` (agentflow V2 variables). The head before the first dot is
 * the referenced name; `$flow`, `question` and other variables share the syntax, so callers decide
 * per head what to do.
 */
const REFERENCE = /\{\{\s*([^{}\s.]+)(?:\.[^{}]*?)?\s*\}\}/g

/** What to do with a reference: keep it (undefined), remove it (null) or point it at another id. */
export type ReferenceDecision = (head: string) => string | null | undefined

/** A node id as `uniqueNodeId` makes them (`<name>_<n>`), as opposed to a variable like `$flow`. */
export function looksLikeNodeId(text: string): boolean {
  return /^[A-Za-z][\w]*_\d+$/.test(text)
}

/**
 * Rewrites the references inside any input value: strings, arrays (a list anchor's connections)
 * and nested objects (array and datagrid params). A string left blank by removals becomes '', and
 * an array element left blank is dropped, so no empty connection remains. Values without a
 * change come back as the same objects, so the canvas redraws only the nodes that changed.
 */
export function mapNodeReferences(value: unknown, decide: ReferenceDecision): unknown {
  if (typeof value === 'string') return mapStringReferences(value, decide)
  if (Array.isArray(value)) {
    const mapped: unknown[] = []
    for (const item of value) {
      const next = mapNodeReferences(item, decide)
      if (typeof item === 'string' && item.trim() !== '' && next === '') continue
      mapped.push(next)
    }
    return sameItems(mapped, value) ? value : mapped
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
    const mapped = entries.map(([key, item]) => [key, mapNodeReferences(item, decide)] as const)
    const changed = mapped.some(([, item], index) => item !== entries[index]![1])
    return changed ? Object.fromEntries(mapped) : value
  }
  return value
}

/** `mapNodeReferences` over every input of a node. */
export function mapInputReferences(
  inputs: Record<string, unknown>,
  decide: ReferenceDecision,
): Record<string, unknown> {
  return mapNodeReferences(inputs, decide) as Record<string, unknown>
}

/** Removes every reference to one of `ids`. */
export function removeReferencesTo(ids: ReadonlySet<string>): ReferenceDecision {
  return (head) => (ids.has(head) ? null : undefined)
}

/** The distinct heads of the references inside a value, in order. */
export function referencedHeads(value: unknown): string[] {
  const heads = new Set<string>()
  mapNodeReferences(value, (head) => {
    heads.add(head)
    return undefined
  })
  return [...heads]
}

function mapStringReferences(text: string, decide: ReferenceDecision): string {
  let removed = false
  const mapped = text.replace(REFERENCE, (match: string, head: string) => {
    const decision = decide(head)
    if (decision === undefined) return match
    if (decision === null) {
      removed = true
      return ''
    }
    return match.replace(head, () => decision)
  })
  return removed && mapped.trim() === '' ? '' : mapped
}

function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index])
}
