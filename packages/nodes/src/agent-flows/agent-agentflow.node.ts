import { defineNode, notRunnableYet } from '../define-node.js'
import { listChatModels, listTools } from './catalogue-options.js'
import { memoryParams, messagesParam, modelParam, returnResponseAsParam, updateStateParam } from './step-params.js'

export default defineNode({
  descriptor: {
    label: 'Agent',
    name: 'agentAgentflow',
    version: 1,
    type: 'Agent',
    category: 'Agent Flows',
    description: 'A chat model that may call tools, as often as it needs, before it answers.',
    icon: 'agentAgentflow.svg',
    color: '#30ADC0',
    baseClasses: ['Agent'],
    canvases: ['agentflowV2'],
    inputs: [
      modelParam('agentModel'),
      messagesParam('agentMessages'),
      {
        label: 'Tools',
        name: 'agentTools',
        type: 'array',
        optional: true,
        array: [
          { label: 'Tool', name: 'agentSelectedTool', type: 'asyncOptions', loadMethod: 'listTools' },
          {
            label: 'Require Human Input',
            name: 'agentSelectedToolRequiresHumanInput',
            type: 'boolean',
            description: 'Ask the user to approve before this tool runs.',
            optional: true,
          },
        ],
      },
      ...memoryParams('agent'),
      returnResponseAsParam('agentReturnResponseAs'),
      updateStateParam('agentUpdateState'),
    ],
  },
  loadMethods: { listModels: listChatModels, listTools },
  run: notRunnableYet,
})
