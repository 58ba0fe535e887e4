import type { FlowNode } from '@weft/core'

const SET_VARIABLE = 'setVariable'
const GET_VARIABLE = 'getVariable'

const variableNameOf = (node: FlowNode): string => String(node.data.inputs?.variableName ?? '').trim()

/**
 * Get Variable reads what Set Variable stored earlier in the same run, and the canvas draws no edge
 * between them: so each Get Variable node must build after every Set Variable node of its name.
 * Returns, by Get Variable node id, the Set Variable nodes it waits for.
 */
export function variableOrder(nodes: readonly FlowNode[]): Map<string, string[]> {
  const setters = new Map<string, string[]>()
  for (const node of nodes) {
    if (node.data.name !== SET_VARIABLE) continue
    const name = variableNameOf(node)
    setters.set(name, [...(setters.get(name) ?? []), node.id])
  }
  const order = new Map<string, string[]>()
  for (const node of nodes) {
    const waitsFor = node.data.name === GET_VARIABLE ? setters.get(variableNameOf(node)) : undefined
    if (waitsFor) order.set(node.id, waitsFor)
  }
  return order
}

/** A Set Variable node no edge leaves is there to store a value, not to answer. */
export const isSetVariable = (node: FlowNode): boolean => node.data.name === SET_VARIABLE
