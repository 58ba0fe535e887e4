import type { RunEvent, StepStatus } from '@weft/core'
import { create } from 'zustand'

/** How a step of the agentflow fared in the run the canvas chat is showing (SPEC §3: node status and error). */
export interface NodeRunState {
  status: StepStatus
  error?: string
}

export type NodeRunStates = Readonly<Record<string, NodeRunState>>

/**
 * The node states of the last run, by node id. Kept apart from the flow on purpose: a run lights
 * the canvas up, but it is not an edit, so it never marks the flow changed and is never saved.
 */
export const useNodeRunStates = create<{ byNode: NodeRunStates }>()(() => ({ byNode: {} }))

/** The states after one event of the run: only `nextAgentFlow` (a step started, finished or failed) changes them. */
export function nodeStatesAfter(states: NodeRunStates, event: RunEvent): NodeRunStates {
  if (event.event !== 'nextAgentFlow') return states
  const { nodeId, status, error } = event.data
  return { ...states, [nodeId]: error ? { status, error } : { status } }
}

/** Once the run is over (finished, paused, stopped, failed), a step still marked running did not finish. */
export function settledStates(states: NodeRunStates): NodeRunStates {
  if (!Object.values(states).some((state) => state.status === 'INPROGRESS')) return states
  return Object.fromEntries(
    Object.entries(states).map(([id, state]) => [id, state.status === 'INPROGRESS' ? { status: 'STOPPED' } : state]),
  )
}

export function showRunEvent(event: RunEvent): void {
  useNodeRunStates.setState((current) => {
    const byNode = nodeStatesAfter(current.byNode, event)
    return byNode === current.byNode ? current : { byNode }
  })
}

export function settleRunningNodes(): void {
  useNodeRunStates.setState((current) => {
    const byNode = settledStates(current.byNode)
    return byNode === current.byNode ? current : { byNode }
  })
}

export function clearNodeRunStates(): void {
  if (Object.keys(useNodeRunStates.getState().byNode).length > 0) useNodeRunStates.setState({ byNode: {} })
}

/** The run state of one node; a node re-renders only when its own state changes. */
export const useNodeRunState = (nodeId: string): NodeRunState | undefined =>
  useNodeRunStates((state) => state.byNode[nodeId])
