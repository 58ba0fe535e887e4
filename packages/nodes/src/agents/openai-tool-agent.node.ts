import { defineNode, type Answerer } from '../define-node.js'
import { readTools } from '../runtime/agent-tools.js'
import { requireChatModel } from '../runtime/answer.js'
import { inputModerationParam, moderated } from '../moderation/moderation.js'
import { isMemoryValue, readHistory, remembering } from '../runtime/memory.js'
import { turnsToMessages } from '../runtime/messages.js'
import { readText } from '../runtime/read-input.js'
import { maxIterationsParam, readMaxIterations } from './react-agent-node.js'
import { runToolAgent } from './run-tool-agent.js'

// Flowise's OpenAI Tool Agent behaves as the Tool Agent does (native tool calls, the system message,
// the memory's history), so it runs the same loop; any tool-calling chat model works.

const DEFAULT_SYSTEM = 'You are a helpful AI assistant.'

export default defineNode({
  descriptor: {
    label: 'OpenAI Tool Agent',
    name: 'openAIToolAgent',
    version: 1,
    type: 'AgentExecutor',
    category: 'Agents',
    description: "An agent that picks tools and their arguments through the model's tool calling.",
    icon: 'openAIToolAgent.svg',
    color: '#3D57BF',
    baseClasses: ['AgentExecutor', 'BaseChain', 'Runnable'],
    canvases: ['chatflow'],
    inputs: [
      { label: 'Tools', name: 'tools', type: 'Tool', list: true },
      { label: 'Memory', name: 'memory', type: 'BaseChatMemory', optional: true },
      { label: 'OpenAI/Azure Chat Model', name: 'model', type: 'BaseChatModel' },
      {
        label: 'System Message',
        name: 'systemMessage',
        type: 'string',
        rows: 4,
        default: DEFAULT_SYSTEM,
        optional: true,
        additionalParams: true,
      },
      inputModerationParam,
      maxIterationsParam,
    ],
  },
  run: async ({ inputs }): Promise<Answerer> => {
    const model = requireChatModel(inputs.model, 'OpenAI/Azure Chat Model')
    const tools = readTools(inputs.tools)
    const memory = isMemoryValue(inputs.memory) ? inputs.memory : undefined
    const system = readText(inputs.systemMessage).trim() || DEFAULT_SYSTEM
    const maxIterations = readMaxIterations(inputs.maxIterations)
    const answerer: Answerer = {
      answer: async (scope) =>
        runToolAgent(
          model,
          {
            system,
            messages: [...turnsToMessages(await readHistory(memory, scope)), { role: 'user', content: scope.question }],
            tools,
            maxIterations,
          },
          scope,
        ),
    }
    return moderated(inputs.inputModeration, remembering(memory, answerer))
  },
})
