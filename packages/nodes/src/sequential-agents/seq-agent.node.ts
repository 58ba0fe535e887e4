import { defineNode } from '../define-node.js'
import { readNumber } from '../providers/node-inputs.js'
import { readTools } from '../runtime/agent-tools.js'
import { runSequentialModelStep } from './model-step.js'
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
  // Require Approval is not honoured yet: the agent runs its tools without asking (as V2's Agent).
  step: (context) =>
    runSequentialModelStep(context, {
      tools: readTools(context.inputs.tools),
      maxSteps: readNumber(context.inputs.maxIterations) ?? MAX_STEPS,
    }),
})

/** Model calls an agent makes at most when Max Iterations is empty: each tool answer goes back to the model. */
const MAX_STEPS = 10
