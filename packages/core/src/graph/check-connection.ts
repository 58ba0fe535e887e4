import type { Connection, FlowEdge, FlowNode } from '../types/node.js'
import { findInputAnchor, findOutputHandle, findVariableParam, handleTypes } from './anchors.js'
import { wouldCreateCycle } from './would-create-cycle.js'

export type ConnectionProblem = 'self' | 'cycle' | 'type' | 'occupied' | 'missing'

/** Short messages the canvas shows when it refuses a connection. */
export const CONNECTION_PROBLEM_MESSAGES: Record<ConnectionProblem, string> = {
  self: 'A node cannot connect to itself.',
  cycle: 'This connection would create a loop.',
  type: 'This output does not fit this input.',
  occupied: 'This input already has a connection.',
  missing: 'This node or handle no longer exists.',
}

/**
 * Why a connection is refused, or null when it is allowed (SPEC §5): both ends must exist, a node
 * never connects to itself, no cycle is made, the output's and input's class lists must share a
 * class, and an input that is not a list takes one connection (an identical edge is refused too).
 * An agentflow V2 edge targets the step itself (node type `agentFlow` or `iteration`): no type to
 * check, many connections, except into a step that hides its input (Start). A variable param
 * (`acceptVariable`) of a chatflow node takes any output, many times: its handle id is the param's.
 */
export function checkConnection(
  connection: Connection,
  nodes: readonly FlowNode[],
  edges: readonly FlowEdge[],
): ConnectionProblem | null {
  const { source, target, sourceHandle, targetHandle } = connection
  const sourceNode = nodes.find((node) => node.id === source)
  const targetNode = nodes.find((node) => node.id === target)
  if (!sourceNode || !targetNode || sourceNode.data.hideOutput) return 'missing'
  const output = findOutputHandle(sourceNode.data, sourceHandle)
  const targetsNode = targetHandle === target
  const input = targetsNode ? undefined : findInputAnchor(targetNode.data, targetHandle)
  const param =
    targetsNode || input || isStep(targetNode) ? undefined : findVariableParam(targetNode.data, targetHandle)
  if (!output || (targetsNode ? !takesNodeEdges(targetNode) : !input && !param)) return 'missing'
  if (source === target) return 'self'
  if (wouldCreateCycle(edges, source, target)) return 'cycle'
  if (input) {
    const accepted = new Set(handleTypes(input.type))
    if (!handleTypes(output.type).some((type) => accepted.has(type))) return 'type'
  }
  const sameInput = edges.filter((edge) => edge.target === target && edge.targetHandle === targetHandle)
  const takesMany = targetsNode || param !== undefined || input?.list === true
  if (
    takesMany
      ? sameInput.some((edge) => edge.source === source && edge.sourceHandle === sourceHandle)
      : sameInput.length > 0
  ) {
    return 'occupied'
  }
  return null
}

/** Agentflow V2 steps are connected to as a whole, unless they hide their input (Start). */
function takesNodeEdges(node: FlowNode): boolean {
  return isStep(node) && node.data.hideInput !== true
}

/** An agentflow V2 step: its variable params are edited in a dialog, never connected to. */
function isStep(node: FlowNode): boolean {
  return node.type === 'agentFlow' || node.type === 'iteration'
}

/** `checkConnection` as React Flow's `isValidConnection` wants it. */
export function isValidConnection(
  connection: Connection,
  nodes: readonly FlowNode[],
  edges: readonly FlowEdge[],
): boolean {
  return checkConnection(connection, nodes, edges) === null
}
