import { failure } from '@weft/core'
import type { StepResult } from '@weft/nodes'

// A run that ends without an answer fails, naming the step (or the chatflow's ending node) that
// ended it: the caller never gets a 200 with empty text. An agentflow's branch ends at a step that
// nothing follows, at a step whose chosen output is connected to nothing, or at a Loop that used
// its turns and has no fallback message.

/** A step or node as messages name it. */
interface Named {
  id: string
  label: string
  /** The node name (`humanInputAgentflow`), when the step has one: it names outputs reported by index. */
  name?: string
}

/** Outputs a step reports only by index, by the label its canvas draws (Human Input: 0 Proceed, 1 Reject). */
const OUTPUT_LABELS: Record<string, readonly string[]> = { humanInputAgentflow: ['Proceed', 'Reject'] }

/** How the last branch of an agentflow run ended. */
export interface BranchEnd {
  step: Named
  result: StepResult
  /** `next`: the outputs it chose lead to no step; `loop`: a Loop out of turns; `last`: nothing follows it. */
  how: 'next' | 'loop' | 'last'
}

/** The outputs a branching step chose, by their names when it reports them (a condition's `conditions`). */
function chosenOutputs(result: StepResult, step: Named): string {
  const conditions = result.output.conditions
  const named = Array.isArray(conditions)
    ? conditions.flatMap((entry: unknown) => {
        const { output, isFulfilled } = (entry ?? {}) as { output?: unknown; isFulfilled?: unknown }
        return isFulfilled === true && typeof output === 'string' ? [`'${output}'`] : []
      })
    : []
  if (named.length > 0) return named.join(', ')
  const labels = OUTPUT_LABELS[step.name ?? ''] ?? []
  const byIndex = (index: number) => (labels[index] ? `'${labels[index]}'` : `output ${index}`)
  return (result.next ?? []).map(byIndex).join(', ') || 'no output'
}

const endedAt = (named: Named) => `The flow ended at '${named.label}' (${named.id}) without an answer`

/** The failure of a run whose last step or node gave no text: 502 when its model answered so, else 422. */
export function noTextFailure(named: Named, modelAnswered: boolean): Error {
  return modelAnswered
    ? failure('service', `${endedAt(named)}: its model answered with no text.`)
    : failure('configuration', `${endedAt(named)}: it gave no text.`)
}

/**
 * The failure of an agentflow run that ended with no answer text: 422 when the flow as built leads
 * nowhere (its owner's to fix), 502 when the last step's model answered with no text.
 */
export function noAnswerFailure(end: BranchEnd | undefined): Error {
  if (!end) return failure('configuration', 'The flow ended without an answer: no step gave one.')
  const { step, result, how } = end
  if (how === 'next') {
    const chosen = chosenOutputs(result, step)
    return failure('configuration', `${endedAt(step)}: it chose ${chosen}, and no step is connected to that output.`)
  }
  if (how === 'loop') {
    const turns = result.loopTo?.maxLoopCount ?? 0
    return failure(
      'configuration',
      `${endedAt(step)}: it looped back ${turns} times, its most, and has no fallback message.`,
    )
  }
  return noTextFailure(step, result.usage !== undefined)
}
