import type { FlowData } from '../types/node.js'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const notJson = (error: unknown) => `is not valid JSON (${(error as Error).message})`

/** The JSON value of a text field, or an error naming the field and the parser's complaint. */
export function parseJsonText(text: string, field: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw new Error(`${field} ${notJson(error)}`)
  }
}

/** What is wrong with a text that must be JSON, or undefined. */
export function jsonProblem(text: string): string | undefined {
  try {
    JSON.parse(text)
    return undefined
  } catch (error) {
    return notJson(error)
  }
}

/**
 * What is wrong with a flow's `flowData` text, or undefined when it can be stored: it must parse as
 * `{ nodes, edges }`, every node needs an id (once) and its `data`, and every edge must join two
 * nodes of the flow.
 */
export function flowDataProblem(text: string): string | undefined {
  let flow: unknown
  try {
    flow = JSON.parse(text)
  } catch (error) {
    return notJson(error)
  }
  if (!isRecord(flow) || !Array.isArray(flow.nodes) || !Array.isArray(flow.edges)) {
    return 'must be JSON of a flow with nodes and edges'
  }
  const ids = new Set<string>()
  for (const [index, node] of flow.nodes.entries()) {
    if (!isRecord(node) || typeof node.id !== 'string' || node.id === '') return `nodes[${index}] has no id`
    if (ids.has(node.id)) return `nodes[${index}]: the node id ${node.id} is used twice`
    if (!isRecord(node.data)) return `nodes[${index}] (${node.id}) has no data`
    ids.add(node.id)
  }
  for (const [index, edge] of flow.edges.entries()) {
    if (!isRecord(edge)) return `edges[${index}] is not an edge`
    for (const end of ['source', 'target'] as const) {
      const id = edge[end]
      if (typeof id !== 'string' || !ids.has(id)) {
        return `edges[${index}] has ${end} ${JSON.stringify(id ?? null)}, which is not a node of the flow`
      }
    }
  }
  return undefined
}

/** The flow of a `flowData` text that `flowDataProblem` accepts; throws naming the problem otherwise. */
export function readFlowData(text: string): FlowData {
  const problem = flowDataProblem(text)
  if (problem) throw new Error(`flowData ${problem}`)
  return JSON.parse(text) as FlowData
}
