import { streamIfLast } from '../agent-flows/plain-steps/step-text.js'
import type { StepContext, StepResult } from '../agent-flows/step.js'
import { defineNode } from '../define-node.js'
import { sequentialFlow } from './flow-variables.js'

/** Ends its path: the last message of the conversation (what the node before said) is the answer. */
async function endStep(context: StepContext): Promise<StepResult> {
  const content = String((await sequentialFlow(context)).output.content ?? '')
  streamIfLast(context, content)
  return { output: { content } }
}

export default defineNode({
  descriptor: {
    label: 'End',
    name: 'seqEnd',
    version: 1,
    type: 'END',
    category: 'Sequential Agents',
    description: 'Where a path of a sequential agent flow ends and the last answer goes to the user.',
    icon: 'seqEnd.svg',
    color: '#6B358D',
    baseClasses: ['END'],
    canvases: ['sequential'],
    hideOutput: true,
    inputs: [
      {
        label: 'Agent | Condition | LLM | Tool Node | Custom Function | Execute Flow',
        name: 'sequentialNode',
        type: 'Agent | Condition | LLMNode | ToolNode | CustomFunction | ExecuteFlow',
        list: true,
      },
    ],
  },
  step: endStep,
})
