import { defineNode, type Answerer } from '../define-node.js'
import { inputModerationParam, moderated } from '../moderation/moderation.js'
import { readTools } from '../runtime/agent-tools.js'
import { requireChatModel } from '../runtime/answer.js'
import { isMemoryValue, readHistory, remembering } from '../runtime/memory.js'
import { turnsToMessages } from '../runtime/messages.js'
import { conversationParts } from '../runtime/prompt-request.js'
import { userMessage } from '../runtime/user-message.js'
import { readNumber, readText } from '../runtime/read-input.js'
import { runToolAgent } from './run-tool-agent.js'

const DEFAULT_MAX_ITERATIONS = 5

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
      inputModerationParam,
    ],
  },
  run: async ({ inputs, scope }): Promise<Answerer> => {
    const model = requireChatModel(inputs.model, 'Tool Calling Chat Model')
    const tools = readTools(inputs.tools)
    const memory = isMemoryValue(inputs.memory) ? inputs.memory : undefined
    const maxIterations = Math.max(1, Math.floor(readNumber(inputs.maxIterations) ?? DEFAULT_MAX_ITERATIONS))
    const { system, human } = conversationParts(
      inputs.chatPromptTemplate,
      readText(inputs.systemMessage),
      scope.question,
    )
    const answerer: Answerer = {
      answer: async (runScope) =>
        runToolAgent(
          model,
          {
            ...(system ? { system } : {}),
            messages: [
              ...turnsToMessages(await readHistory(memory, runScope)),
              userMessage(model, human, runScope.uploads),
            ],
            tools,
            maxIterations,
          },
          runScope,
        ),
    }
    return moderated(inputs.inputModeration, remembering(memory, answerer))
  },
})
