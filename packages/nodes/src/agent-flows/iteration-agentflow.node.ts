import { defineNode } from '../define-node.js'
import { excerpt } from './plain-steps/step-text.js'
import type { StepContext, StepResult } from './step.js'

function notAList(value: unknown): Error {
  const got = typeof value === 'string' && value.trim() === '' ? 'it is empty' : `it is ${excerpt(value)}`
  return new Error(`Array Input must be a list (a JSON array such as ["a", "b"]), but ${got}.`)
}

/** The items to iterate: a list as it is, or JSON text of one (a reference inside text arrives as text). */
export function readIterationItems(value: unknown): unknown[] {
  if (Array.isArray(value)) return value
  if (typeof value !== 'string') throw notAList(value)
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch {
    throw notAList(value)
  }
  if (!Array.isArray(parsed)) throw notAList(value)
  return parsed
}

/** Gives the engine the items; it runs the steps inside once per item. */
async function iterationStep({ inputs }: StepContext): Promise<StepResult> {
  const items = readIterationItems(inputs.iterationInput)
  return { output: { content: JSON.stringify(items) }, items }
}

export default defineNode({
  descriptor: {
    label: 'Iteration',
    name: 'iterationAgentflow',
    version: 1,
    type: 'Iteration',
    category: 'Agent Flows',
    description: 'Run the steps placed inside it once for each item of a list.',
    icon: 'iterationAgentflow.svg',
    color: '#9930C0',
    baseClasses: ['Iteration'],
    canvases: ['agentflowV2'],
    isContainer: true,
    inputs: [
      {
        label: 'Array Input',
        name: 'iterationInput',
        type: 'string',
        rows: 4,
        description: 'A JSON array; steps inside read the current item as {{ $iteration }}.',
        placeholder: '{{ $flow.state.items }}',
        acceptVariable: true,
      },
    ],
  },
  step: iterationStep,
})
