import type { StepContext, StepResult } from '../agent-flows/step.js'
import { defineNode } from '../define-node.js'
import { takeSequentialOutput } from './condition-choice.js'
import { conditionTabsParam, sequentialNodeAnchor } from './sequential-params.js'

export default defineNode({
  descriptor: {
    label: 'Condition',
    name: 'seqCondition',
    version: 1,
    type: 'Condition',
    category: 'Sequential Agents',
    description: 'Send the flow down one of several paths, by a table of rules or by code; End when none match.',
    icon: 'seqCondition.svg',
    color: '#6C43B1',
    baseClasses: ['Condition'],
    canvases: ['sequential'],
    inputs: [
      { label: 'Condition Name', name: 'conditionName', type: 'string', placeholder: 'If the user agrees' },
      sequentialNodeAnchor,
      conditionTabsParam,
    ],
  },
  step: conditionStep,
})

/** Takes one output; the index it reports is that output's place among the handles the canvas draws. */
async function conditionStep(context: StepContext): Promise<StepResult> {
  const { chosen, conditions, next } = await takeSequentialOutput(context)
  return { output: { content: chosen, conditions }, next }
}
