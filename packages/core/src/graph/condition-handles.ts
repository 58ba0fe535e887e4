import type { FlowData, OutputAnchor } from '../types/node.js'
import { outputHandles } from './anchors.js'

// Which output of a sequential condition (seqCondition, seqConditionAgent) an edge leaves from, as
// Flowise 3.x decides it. Flowise's canvas names each output's anchor option from the output's
// label (the Output Name a table row gives, or a string the code returns, and End): its `name` is
// the label camel-cased ("Software Engineer" → `softwareEngineer`) and its id
// `<nodeId>-output-<name>-Condition`. Its runtime finds the option whose id is the edge's
// sourceHandle among the anchors saved with the node and routes by that option's `label`, which
// must equal the string the condition yields. Weft's own flows name the handle by the label itself
// (`<nodeId>-output-Software Engineer`), so both spellings of the handle are read.

/** Flowise's anchor name of a condition output: words split on spaces, the first lower case, the others capitalised. */
export function flowiseOutputName(label: string): string {
  return label
    .split(' ')
    .map((word, index) =>
      index === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join('')
}

/** The label of the saved anchor (or anchor option) whose id is `handle`, if the node was saved with one. */
function savedLabel(handle: string, saved: readonly OutputAnchor[]): string | undefined {
  for (const anchor of saved) {
    if (anchor.id === handle) return anchor.label
    const option = anchor.options?.find((each) => each.id === handle)
    if (option) return option.label
  }
  return undefined
}

/**
 * The index among `outputs` (the condition's output labels, in the order its step reports them)
 * of the output the edge's `handle` leaves from, or -1 when the condition has no such output (the
 * edge is never taken). First Flowise's rule: the saved anchor with that id names the label. Else
 * the handle's part after `-output-` (without Flowise's `-Condition` type) is the label itself or
 * its camel-cased name; the longest such label wins, so `Agent` never takes `Agent Two`'s edge.
 */
export function conditionOutputOfHandle(
  handle: string,
  outputs: readonly string[],
  saved: readonly OutputAnchor[] = [],
): number {
  const label = savedLabel(handle, saved)
  if (label !== undefined && outputs.includes(label)) return outputs.indexOf(label)
  const named = handle.split('-output-').slice(1).join('-output-')
  const suffix = named.endsWith('-Condition') ? named.slice(0, -'-Condition'.length) : named
  let best = -1
  outputs.forEach((output, index) => {
    const fits = suffix === output || suffix === flowiseOutputName(output) || named.startsWith(`${output}-`)
    if (fits && (best === -1 || output.length > outputs[best]!.length)) best = index
  })
  return best
}

const SEQUENTIAL_CONDITIONS = new Set(['seqCondition', 'seqConditionAgent'])

/**
 * After a sequential condition's anchors are rebuilt (core's `rebuildConditionAnchors`), each edge
 * leaving it from a handle it no longer draws, but which names one of its outputs (Flowise's
 * `…-output-softwareEngineer-Condition`, or an older spelling), moves onto that output's handle, so
 * editing an imported condition keeps its branches; only edges of outputs that are gone stay
 * stale (`staleEdges`). Answers the same flow when no edge moved.
 */
export function rehomeConditionEdges(flow: FlowData, nodeId: string): FlowData {
  const node = flow.nodes.find((candidate) => candidate.id === nodeId)
  if (!node || !SEQUENTIAL_CONDITIONS.has(node.data.name)) return flow
  const handles = outputHandles(node.data)
  const ids = new Set(handles.map((handle) => handle.id))
  const labels = node.data.outputAnchors.map((anchor) => anchor.label)
  let moved = false
  const edges = flow.edges.map((edge) => {
    if (edge.source !== nodeId || ids.has(edge.sourceHandle)) return edge
    const index = conditionOutputOfHandle(edge.sourceHandle, labels)
    const anchor = node.data.outputAnchors[index]
    if (!anchor?.id) return edge
    moved = true
    return { ...edge, sourceHandle: anchor.id }
  })
  return moved ? { ...flow, edges } : flow
}
