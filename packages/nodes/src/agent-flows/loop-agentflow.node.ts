import { failure } from '@weft/core'
import { defineNode } from '../define-node.js'
import { readNumber } from '../runtime/read-input.js'
import { stepText } from './plain-steps/step-text.js'
import type { StepContext, StepResult } from './step.js'

const DEFAULT_MAX_LOOP_COUNT = 5

/** Flowise saves the picked step as `<nodeId>-<label>`; node ids are `<name>_<n>`, so the id ends at the first `_<n>-`. */
export function loopTargetId(picked: string): string {
  return /^(.+?_\d+)-/.exec(picked)?.[1] ?? picked
}

function readMaxLoopCount(raw: unknown): number {
  if (raw === undefined || raw === null || raw === '') return DEFAULT_MAX_LOOP_COUNT
  const count = readNumber(raw)
  if (count === undefined || !Number.isInteger(count) || count < 1) {
    throw new Error(`Max Loop Count must be a whole number of at least 1, not "${stepText(raw)}".`)
  }
  return count
}

/** Asks the engine to go back; the engine counts the turns and goes on past the loop after the last. */
async function loopStep({ inputs }: StepContext): Promise<StepResult> {
  const picked = stepText(inputs.loopBackToNode).trim()
  if (!picked) throw failure('configuration', 'Loop Back To is empty: pick the step to go back to.')
  const fallbackMessage = stepText(inputs.fallbackMessage)
  return {
    output: { content: '' },
    loopTo: {
      nodeId: loopTargetId(picked),
      maxLoopCount: readMaxLoopCount(inputs.maxLoopCount),
      ...(fallbackMessage ? { fallbackMessage } : {}),
    },
  }
}

export default defineNode({
  descriptor: {
    label: 'Loop',
    name: 'loopAgentflow',
    version: 1,
    type: 'Loop',
    category: 'Agent Flows',
    description: 'Go back to an earlier step and run from there again, at most a set number of times.',
    icon: 'loopAgentflow.svg',
    color: '#6030C0',
    baseClasses: ['Loop'],
    canvases: ['agentflowV2'],
    hideOutput: true,
    inputs: [
      { label: 'Loop Back To', name: 'loopBackToNode', type: 'asyncOptions', loadMethod: 'listPreviousNodes' },
      {
        label: 'Max Loop Count',
        name: 'maxLoopCount',
        type: 'number',
        description: 'After this many loops the flow goes on past the loop.',
        step: 1,
        default: DEFAULT_MAX_LOOP_COUNT,
      },
      {
        label: 'Fallback Message',
        name: 'fallbackMessage',
        type: 'string',
        description: 'Answered when the loop has turned the maximum number of times.',
        optional: true,
      },
    ],
  },
  // Only the canvas knows which steps come before this one, so it lists them itself.
  loadMethods: { listPreviousNodes: async () => [] },
  step: loopStep,
})
