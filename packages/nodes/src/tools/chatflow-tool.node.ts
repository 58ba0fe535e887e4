import { TOOL_NAME_PATTERN } from '@weft/core'
import { defineNode } from '../define-node.js'
import { readBoolean } from '../providers/node-inputs.js'
import type { DirectTool } from '../runtime/agent-tools.js'
import { readJsonObject, readText } from '../runtime/read-input.js'

const INPUT_SCHEMA = {
  type: 'object',
  properties: { input: { type: 'string', description: 'input question' } },
  required: ['input'],
}

/**
 * Another flow of the same workspace as a tool: it runs in this process through `scope.runFlow`,
 * which finds the flow only in the caller's workspace. Flowise's Base URL and API key credential
 * are not read, so nothing in the flow or the request can send the question elsewhere.
 */
export default defineNode({
  descriptor: {
    label: 'Chatflow Tool',
    name: 'ChatflowTool',
    version: 1,
    type: 'ChatflowTool',
    category: 'Tools',
    description: 'Let an agent ask another flow of this workspace, and use its answer.',
    icon: 'ChatflowTool.svg',
    color: '#2A5629',
    baseClasses: ['ChatflowTool', 'Tool'],
    canvases: ['chatflow'],
    inputs: [
      { label: 'Select Chatflow', name: 'selectedChatflow', type: 'asyncOptions', loadMethod: 'listFlows' },
      { label: 'Tool Name', name: 'name', type: 'string', placeholder: 'chatflow_tool' },
      {
        label: 'Tool Description',
        name: 'description',
        type: 'string',
        rows: 3,
        description: 'Tells the agent when to use this flow.',
        placeholder: 'Answers questions about our return policy',
      },
      { label: 'Return Direct', name: 'returnDirect', type: 'boolean', optional: true },
      {
        label: 'Override Config',
        name: 'overrideConfig',
        type: 'json',
        description: 'Settings of the called flow to override, as in the prediction API (only those it allows).',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Use Question from Chat',
        name: 'useQuestionFromChat',
        type: 'boolean',
        description: "Send the user's question instead of the one the agent writes.",
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Custom Input',
        name: 'customInput',
        type: 'string',
        description: 'Always send this text; leave empty to let the agent write the question.',
        optional: true,
        additionalParams: true,
      },
    ],
  },
  run: async ({ inputs, scope }): Promise<DirectTool> => {
    const flowId = readText(inputs.selectedChatflow).trim()
    if (!flowId) throw new Error('Chatflow Tool: pick the flow to ask in Select Chatflow.')
    if (flowId === scope.flowId) throw new Error('Chatflow Tool cannot call the flow it belongs to.')
    const name = readText(inputs.name).trim() || 'chatflow_tool'
    if (!TOOL_NAME_PATTERN.test(name)) {
      throw new Error(`Chatflow Tool: Tool Name "${name}" cannot be used: write up to 64 letters, digits, _ or -.`)
    }
    const description = readText(inputs.description).trim()
    if (!description)
      throw new Error('Chatflow Tool: write a Tool Description; it tells the agent when to use the flow.')
    const overrideConfig = readJsonObject(inputs.overrideConfig, 'Override Config')
    const customInput = readText(inputs.customInput).trim()
    const useQuestionFromChat = readBoolean(inputs.useQuestionFromChat, false)
    return {
      kind: 'tool',
      name,
      description,
      inputSchema: INPUT_SCHEMA,
      returnDirect: readBoolean(inputs.returnDirect, false),
      execute: async (input) => {
        if (!scope.runFlow) throw new Error('Chatflow Tool: this run cannot call other flows.')
        const question = customInput || (useQuestionFromChat ? scope.question : readText(input.input))
        const { text } = await scope.runFlow({
          flowId,
          question,
          ...(Object.keys(overrideConfig).length ? { overrideConfig } : {}),
        })
        return text
      },
    }
  },
})
