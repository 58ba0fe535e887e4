import { defineNode, notRunnableYet } from '../define-node.js'

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
  run: notRunnableYet,
})
