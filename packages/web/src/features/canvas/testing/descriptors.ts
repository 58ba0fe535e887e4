import type { NodeDescriptor } from '@weft/core'

/** Small catalogue nodes for canvas tests, shaped like the real ones without their detail. */
function descriptor(fields: Partial<NodeDescriptor> & Pick<NodeDescriptor, 'name' | 'label'>): NodeDescriptor {
  return {
    version: 1,
    type: fields.label.replace(/\s/g, ''),
    category: 'Test',
    description: `The ${fields.label} node`,
    icon: `${fields.name}.svg`,
    color: '#4d7cfe',
    baseClasses: [fields.label.replace(/\s/g, '')],
    inputs: [],
    canvases: ['chatflow'],
    ...fields,
  }
}

export const chatModel = descriptor({
  name: 'chatOpenAI',
  label: 'ChatOpenAI',
  category: 'Chat Models',
  description: 'Chat with an OpenAI model',
  baseClasses: ['ChatOpenAI', 'BaseChatModel'],
  credential: { label: 'Connect Credential', credentialNames: ['openAIApi'] },
  inputs: [{ label: 'Temperature', name: 'temperature', type: 'number', default: 0.7 }],
})

export const promptTemplate = descriptor({
  name: 'promptTemplate',
  label: 'Prompt Template',
  category: 'Prompts',
  baseClasses: ['PromptTemplate', 'BasePromptTemplate'],
  inputs: [{ label: 'Template', name: 'template', type: 'string', default: '' }],
})

export const llmChain = descriptor({
  name: 'llmChain',
  label: 'LLM Chain',
  category: 'Chains',
  baseClasses: ['LLMChain'],
  inputs: [
    { label: 'Language Model', name: 'model', type: 'BaseChatModel' },
    { label: 'Prompt', name: 'prompt', type: 'BasePromptTemplate' },
  ],
})

const v2 = { category: 'Agent Flows', canvases: ['agentflowV2' as const] }

export const start = descriptor({ ...v2, name: 'startAgentflow', label: 'Start', hideInput: true })

export const condition = descriptor({
  ...v2,
  name: 'conditionAgentflow',
  label: 'Condition',
  inputs: [
    {
      label: 'Conditions',
      name: 'conditions',
      type: 'array',
      default: [{ type: 'string', value1: '', operation: 'equal', value2: '' }],
      array: [
        { label: 'Value 1', name: 'value1', type: 'string' },
        { label: 'Operation', name: 'operation', type: 'options', options: [] },
        { label: 'Value 2', name: 'value2', type: 'string' },
      ],
    },
  ],
})

export const llm = descriptor({ ...v2, name: 'llmAgentflow', label: 'LLM', color: '#64b5f6' })

export const CATALOGUE = [chatModel, promptTemplate, llmChain, start, condition, llm]
