import type { BranchState } from './agentflow-run.js'

// The flow state of concurrent branches. Each branch works on its own copy, so two branches running
// at once never see each other's half-done writes. Every write carries a number from one counter
// of the run, increasing with time. Where branches meet (a step with several incoming edges), the
// merge rule is: each key takes the value of the latest write to it in any of the branches; a key
// no branch wrote keeps the value they all started from. Writes are never lost to a branch that
// merely carried an older value, and the result does not depend on which branch arrived first.

/** The state as steps and references read it: key → value. */
export function plainState(state: BranchState): Record<string, unknown> {
  return Object.fromEntries(Object.entries(state).map(([key, entry]) => [key, entry.value]))
}

/** A copy of `state` with `values` written at sequence number `seq`. */
export function writeState(state: BranchState, values: Record<string, unknown>, seq: number): BranchState {
  const next = { ...state }
  for (const [key, value] of Object.entries(values)) next[key] = { value, seq }
  return next
}

/** The merge rule above: per key, the entry with the highest sequence number. */
export function mergeStates(states: readonly BranchState[]): BranchState {
  const merged: BranchState = {}
  for (const state of states) {
    for (const [key, entry] of Object.entries(state)) {
      const current = merged[key]
      if (!current || entry.seq > current.seq) merged[key] = entry
    }
  }
  return merged
}
