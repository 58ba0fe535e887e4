import { defineNode } from '../define-node.js'
import { stepText, streamIfLast } from './plain-steps/step-text.js'
import type { StepContext, StepResult } from './step.js'

/** The message, word for word (its references already resolved), sent to the user at once. */
async function directReplyStep(context: StepContext): Promise<StepResult> {
  const content = stepText(context.inputs.directReplyMessage)
  streamIfLast(context, content)
  return { output: { content } }
}

export default defineNode({
  descriptor: {
    label: 'Direct Reply',
    name: 'directReplyAgentflow',
    version: 1,
    type: 'DirectReply',
    category: 'Agent Flows',
    description: 'End the flow by sending a message to the user, word for word.',
    icon: 'directReplyAgentflow.svg',
    color: '#C03073',
    baseClasses: ['DirectReply'],
    canvases: ['agentflowV2'],
    hideOutput: true,
    inputs: [
      {
        label: 'Message',
        name: 'directReplyMessage',
        type: 'string',
        rows: 4,
        placeholder: 'Thanks! Your request {{ $flow.state.ticket }} is on its way.',
        acceptVariable: true,
      },
    ],
  },
  step: directReplyStep,
})
