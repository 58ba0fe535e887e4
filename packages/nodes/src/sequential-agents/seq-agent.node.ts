import { defineNode, notRunnableYet } from '../define-node.js'
import {
  approvalParams,
  humanPromptParam,
  overrideModelAnchor,
  sequentialNodeAnchor,
  sequentialPromptValuesParam,
  systemPromptParam,
  updateStateMemoryParam,
} from './sequential-params.js'

export default defineNode({
  descriptor: {
    label: 'Agent',
    name: 'seqAgent',
    version: 1,
    type: 'Agent',
    category: 'Sequential Agents',
    description: 'An agent step: it reasons over the conversation and may call its tools before answering.',
    icon: 'seqAgent.svg',
    color: '#9B4EBC',
    baseClasses: ['Agent'],
    canvases: ['sequential'],
    inputs: [
      { label: 'Agent Name', name: 'agentName', type: 'string', placeholder: 'Researcher' },
      systemPromptParam('You are a research assistant who can search for up-to-date info using search engine.'),
      humanPromptParam,
      { label: 'Tools', name: 'tools', type: 'Tool', list: true, optional: true },
      sequentialNodeAnchor,
      overrideModelAnchor,
      ...approvalParams,
      sequentialPromptValuesParam,
      updateStateMemoryParam,
      {
        label: 'Max Iterations',
        name: 'maxIterations',
        type: 'number',
        description: 'Stop after this many tool calls.',
        step: 1,
        optional: true,
        additionalParams: true,
      },
    ],
  },
  run: notRunnableYet,
})
