import { parseRows } from '@weft/core'
import { defineNode } from '../define-node.js'
import type { Tool } from '../providers/chat-model.js'
import { readString } from '../providers/node-inputs.js'
import { readTools } from '../runtime/agent-tools.js'
import { readJsonObject } from '../runtime/read-input.js'
import { buildKnowledgeTools } from './agent-knowledge.js'
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
      {
        label: 'Knowledge (Document Stores)',
        name: 'agentKnowledgeDocumentStores',
        type: 'array',
        optional: true,
        description:
          'Document stores the agent may search, each as a tool it calls when it needs to. Upsert a store before picking it.',
        array: [
          { label: 'Document Store', name: 'documentStore', type: 'asyncOptions', loadMethod: 'listStores' },
          {
            label: 'Describe Knowledge',
            name: 'docStoreDescription',
            type: 'string',
            rows: 4,
            optional: true,
            placeholder:
              'What the store holds, so the agent knows when to search it, e.g. "Our travel and expense policies"',
          },
          {
            label: 'Return Source Documents',
            name: 'returnSourceDocuments',
            type: 'boolean',
            description: 'Show the passages the agent found beside its answer.',
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
    const knowledge = buildKnowledgeTools(
      context,
      tools.map(({ name }) => name),
    )
    const result = await runAnswerStep(context, {
      prefix: 'agent',
      tools: [...tools, ...knowledge.tools],
      maxSteps: MAX_STEPS,
    })
    // The passages found for Return Source Documents: the chat shows them beside the answer.
    const { sourceDocuments } = knowledge
    if (sourceDocuments.length) result.output = { ...result.output, sourceDocuments }
    return result
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
