import type { InputParam, ReactFormat } from '@weft/core'
import { defineNode, type Answerer, type NodeDefinition } from '../define-node.js'
import { readTools } from '../runtime/agent-tools.js'
import { requireChatModel } from '../runtime/answer.js'
import { inputModerationParam, moderated } from '../moderation/moderation.js'
import { isMemoryValue, readHistory, remembering } from '../runtime/memory.js'
import { readNumber, readText } from '../runtime/read-input.js'
import { runReactAgent } from './run-react-agent.js'

const DEFAULT_MAX_ITERATIONS = 5
const AGENT_CLASSES = ['AgentExecutor', 'BaseChain', 'Runnable']

export const maxIterationsParam: InputParam = {
  label: 'Max Iterations',
  name: 'maxIterations',
  type: 'number',
  description: 'Stop after this many tool calls.',
  step: 1,
  optional: true,
  additionalParams: true,
}

/** Max Iterations as a whole number of at least 1, or the default. */
export const readMaxIterations = (raw: unknown): number =>
  Math.max(1, Math.floor(readNumber(raw) ?? DEFAULT_MAX_ITERATIONS))

export interface ReactAgentSpec {
  label: string
  name: string
  description: string
  color: string
  format: ReactFormat
  /** Inputs after Allowed Tools, Chat Model and Memory. */
  extraInputs: InputParam[]
  /** The system text when the node has no System Message (or it is empty). */
  defaultSystem: string
}

/** The ReAct agents of Flowise's chatflows: the same loop over a chat model, in their own formats. */
export function defineReactAgent(spec: ReactAgentSpec): NodeDefinition {
  return defineNode({
    descriptor: {
      label: spec.label,
      name: spec.name,
      version: 1,
      type: 'AgentExecutor',
      category: 'Agents',
      description: spec.description,
      icon: `${spec.name}.svg`,
      color: spec.color,
      baseClasses: AGENT_CLASSES,
      canvases: ['chatflow'],
      inputs: [
        { label: 'Allowed Tools', name: 'tools', type: 'Tool', list: true },
        { label: 'Chat Model', name: 'model', type: 'BaseChatModel' },
        { label: 'Memory', name: 'memory', type: 'BaseChatMemory', optional: true },
        inputModerationParam,
        ...spec.extraInputs,
      ],
    },
    run: async ({ inputs }): Promise<Answerer> => {
      const model = requireChatModel(inputs.model, 'Chat Model')
      const tools = readTools(inputs.tools)
      const memory = isMemoryValue(inputs.memory) ? inputs.memory : undefined
      const system = readText(inputs.systemMessage).trim() || spec.defaultSystem
      const maxIterations = readMaxIterations(inputs.maxIterations)
      const answerer: Answerer = {
        answer: async (scope) =>
          runReactAgent(
            model,
            {
              format: spec.format,
              system,
              tools,
              history: await readHistory(memory, scope),
              question: scope.question,
              maxIterations,
            },
            scope,
          ),
      }
      return moderated(inputs.inputModeration, remembering(memory, answerer))
    },
  })
}
