import { defineNode, notRunnableYet } from '../define-node.js'

export default defineNode({
  descriptor: {
    label: 'Tool Agent',
    name: 'toolAgent',
    version: 1,
    type: 'AgentExecutor',
    category: 'Agents',
    description: 'An agent that decides which tools to call, calls them, and answers with the results.',
    icon: 'toolAgent.svg',
    color: '#DA352F',
    baseClasses: ['AgentExecutor', 'BaseChain', 'Runnable'],
    canvases: ['chatflow'],
    inputs: [
      { label: 'Tools', name: 'tools', type: 'Tool', list: true },
      { label: 'Memory', name: 'memory', type: 'BaseChatMemory' },
      {
        label: 'Tool Calling Chat Model',
        name: 'model',
        type: 'BaseChatModel',
        description: 'A model that supports tool calling.',
      },
      {
        label: 'Chat Prompt Template',
        name: 'chatPromptTemplate',
        type: 'ChatPromptTemplate',
        description: 'Replaces the system message.',
        optional: true,
      },
      {
        label: 'System Message',
        name: 'systemMessage',
        type: 'string',
        rows: 4,
        default: 'You are a helpful AI assistant.',
        optional: true,
        additionalParams: true,
      },
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
