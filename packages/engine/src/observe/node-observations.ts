import { isAnswerer, isChatModel } from '@weft/nodes'
import type { NodeObservation, ObservedNode, RunObserver } from './run-observer.js'
import { watchChatModel } from './watch-chat-model.js'

/** The observations of one chatflow run, kept open where a node's work goes on after its build. */
export interface NodeObservations {
  /**
   * Builds a node under observation and gives back the value the run should use: the built value,
   * or for a chat model a copy that reports its calls.
   */
  build: (node: ObservedNode, isEnding: boolean, run: () => Promise<unknown>) => Promise<unknown>
  /** Ends what is still open once the run is over; `failed` names the node whose answer failed. */
  finish: (failed?: { nodeId: string; error: unknown }) => void
}

/** Starts an observation; an observer that throws is left out, so it can never break the run. */
function startSafely(observer: RunObserver, node: ObservedNode): NodeObservation | undefined {
  try {
    const observation = observer.nodeStart(node)
    return {
      nodeEnd: (outcome) => {
        try {
          observation.nodeEnd(outcome)
        } catch {
          // The run goes on: the observer's fault is its own.
        }
      },
    }
  } catch {
    return undefined
  }
}

export function observeNodes(observer: RunObserver): NodeObservations {
  const open = new Map<string, (error: unknown) => void>()
  return {
    async build(node, isEnding, run) {
      const observation = startSafely(observer, node)
      if (!observation) return run()
      let value: unknown
      try {
        value = await run()
      } catch (error) {
        observation.nodeEnd({ error })
        throw error
      }
      if (isChatModel(value)) {
        const watched = watchChatModel(value)
        open.set(node.nodeId, () => observation.nodeEnd(watched.outcome()))
        return watched.model
      }
      if (isEnding && isAnswerer(value)) {
        open.set(node.nodeId, (error) => observation.nodeEnd(error === undefined ? {} : { error }))
        return value
      }
      observation.nodeEnd({})
      return value
    },
    finish(failed) {
      for (const [nodeId, end] of open) end(nodeId === failed?.nodeId ? failed.error : undefined)
      open.clear()
    },
  }
}
