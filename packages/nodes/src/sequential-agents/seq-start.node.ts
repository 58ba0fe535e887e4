import { streamIfLast } from '../agent-flows/plain-steps/step-text.js'
import type { StepContext, StepResult } from '../agent-flows/step.js'
import { defineNode } from '../define-node.js'
import { isSequentialState } from './sequential-state.js'

/**
 * Starts the run: the question is its output and the first message of this run's conversation (every
 * node after it sees it there), and a connected State node gives the initial flow state. The chat
 * model connected here is the engine's to hand to the nodes that have none of their own; Agent
 * Memory needs no work here, since the engine gives every node the conversation stored for the chat.
 */
async function startStep(context: StepContext): Promise<StepResult> {
  const { question } = context.run
  streamIfLast(context, question)
  return {
    output: { content: question },
    turns: [{ role: 'userMessage', content: question }],
    ...(isSequentialState(context.inputs.state) ? { state: context.inputs.state.initial } : {}),
  }
}

export default defineNode({
  descriptor: {
    label: 'Start',
    name: 'seqStart',
    version: 1,
    type: 'Start',
    category: 'Sequential Agents',
    description: 'Where a sequential agent flow begins: it sets the chat model every later node uses.',
    icon: 'seqStart.svg',
    color: '#7E43B1',
    baseClasses: ['Start'],
    canvases: ['sequential'],
    inputs: [
      { label: 'Chat Model', name: 'model', type: 'BaseChatModel' },
      {
        label: 'Agent Memory',
        name: 'agentMemory',
        type: 'BaseCheckpointSaver',
        description: 'Remember the conversation and state between messages.',
        optional: true,
      },
      {
        label: 'State',
        name: 'state',
        type: 'State',
        description: 'Values every node can read and update while the flow runs.',
        optional: true,
      },
    ],
  },
  step: startStep,
})
