// Where a sequential Loop goes back to: the node whose name (Agent Name, LLM Node Name, …) matches
// its Loop To, compared as Flowise does, lower case with spaces as underscores. The runtime, which
// sees the whole flow, gives each Loop the named nodes as its `loopTargets` input.

/** A node a Loop can go back to. */
export interface LoopTarget {
  nodeId: string
  name: string
}

/** The inputs that name a node of a sequential flow. */
const NAME_INPUTS = [
  'agentName',
  'llmNodeName',
  'toolNodeName',
  'conditionAgentName',
  'functionName',
  'seqExecuteFlowName',
]

export const LOOP_NODE_NAME = 'seqLoop'

/** The named nodes among `steps`, for Loops to find theirs. */
export function loopTargetsOf(steps: Iterable<{ id: string; inputs: Record<string, unknown> }>): LoopTarget[] {
  const targets: LoopTarget[] = []
  for (const step of steps) {
    const named = NAME_INPUTS.map((input) => step.inputs[input]).find(
      (value) => typeof value === 'string' && value.trim(),
    )
    if (typeof named === 'string') targets.push({ nodeId: step.id, name: named.trim() })
  }
  return targets
}

const comparable = (name: string) => name.trim().toLowerCase().replace(/\s+/g, '_')

/** The target named `name`, if any. */
export function findLoopTarget(targets: readonly LoopTarget[], name: string): LoopTarget | undefined {
  return targets.find((target) => comparable(target.name) === comparable(name))
}
