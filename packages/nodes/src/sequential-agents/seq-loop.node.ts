import type { StepContext, StepResult } from '../agent-flows/step.js'
import { stepText } from '../agent-flows/plain-steps/step-text.js'
import { defineNode } from '../define-node.js'
import { findLoopTarget, LOOP_NODE_NAME, type LoopTarget } from './loop-targets.js'
import { sequentialNodeAnchor } from './sequential-params.js'

/** Turns a Loop may take in one run before it stops the run: LangGraph's default recursion limit, as in Flowise. */
export const MAX_LOOP_TURNS = 25

export default defineNode({
  descriptor: {
    label: 'Loop',
    name: LOOP_NODE_NAME,
    version: 1,
    type: 'Loop',
    category: 'Sequential Agents',
    description: 'Go back to an earlier Agent or LLM Node, named in Loop To, and run the flow on from there.',
    icon: 'seqLoop.svg',
    color: '#7E57C2',
    baseClasses: ['Loop'],
    canvases: ['sequential'],
    hideOutput: true,
    inputs: [
      sequentialNodeAnchor,
      {
        label: 'Loop To',
        name: 'loopToName',
        type: 'string',
        description: 'The name of the node to go back to (its Agent Name, LLM Node Name, …).',
        placeholder: 'agent1',
      },
    ],
  },
  step: loopStep,
})

async function loopStep(context: StepContext): Promise<StepResult> {
  const name = stepText(context.inputs.loopToName).trim()
  if (!name) throw new Error('fill in Loop To with the name of the node to go back to.')
  const targets = (context.inputs.loopTargets ?? []) as LoopTarget[]
  const target = findLoopTarget(targets, name)
  if (!target) {
    const known = targets.map((each) => `"${each.name}"`).join(', ') || 'none is named'
    throw new Error(`Loop To says "${name}", but no node of this flow has that name (names: ${known}).`)
  }
  if ((context.visit ?? 1) > MAX_LOOP_TURNS) {
    throw new Error(
      `it went back to "${target.name}" ${MAX_LOOP_TURNS} times without reaching an End: ` +
        'add a Condition that leads to End before the Loop.',
    )
  }
  const last = (await context.history()).at(-1)?.content ?? ''
  return { output: { content: last }, goTo: target.nodeId }
}
