import { parseRows } from '@weft/core'
import { defineNode } from '../define-node.js'
import type { Tool } from '../providers/chat-model.js'
import { readString } from '../providers/node-inputs.js'
import { readTools } from '../runtime/agent-tools.js'
import { readJsonObject } from '../runtime/read-input.js'
import { listChatModels, listTools } from './catalogue-options.js'
import { runAnswerStep } from './model-steps/answer-step.js'
import { withStepSpellings } from './model-steps/step-inputs.js'
import type { StepContext } from './step.js'
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
            label: 'Tool Settings',
            name: 'agentSelectedToolConfig',
            type: 'json',
            description:
              'The inputs of the chosen tool node, e.g. { "url": "https://example.com/api" } for Requests Get.',
            optional: true,
          },
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
  step: async (given) => {
    const context = withStepSpellings(given, 'agentAgentflow')
    const tools = await buildTools(context)
    return runAnswerStep(context, { prefix: 'agent', tools, maxSteps: MAX_STEPS })
  },
})

/** Model calls an Agent step makes at most: each tool answer goes back to the model for another. */
const MAX_STEPS = 10

/**
 * The tools of the Tools rows, each built from its tool node with the settings beside the pick.
 * Require Human Input is not honoured yet: the tools run without asking for approval.
 */
async function buildTools(context: StepContext): Promise<Tool[]> {
  const rows = parseRows(context.inputs.agentTools)
  const tools = await Promise.all(
    rows.map((row, index) => {
      const name = readString(row.agentSelectedTool)
      if (!name) throw new Error(`${context.label}: tool ${index + 1} has no tool chosen.`)
      const config = readJsonObject(row.agentSelectedToolConfig, `${context.label}: the settings of tool ${index + 1}`)
      return context.run.tool(name, config)
    }),
  )
  return readTools(tools)
}
