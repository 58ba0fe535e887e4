import type { ChatTurn } from '@weft/core'
import type { StepContext, StepResult } from '../agent-flows/step.js'
import { runAnswerStep } from '../agent-flows/model-steps/answer-step.js'
import { turnsToMessages, type TextMessage } from '../agent-flows/model-steps/step-messages.js'
import type { StructuredField } from '../agent-flows/model-steps/structured-output.js'
import { stepText } from '../agent-flows/plain-steps/step-text.js'
import { isChatModel, type Tool } from '../providers/chat-model.js'
import { readJsonObject } from '../runtime/read-input.js'
import { readFlowValue, sequentialFlow } from './flow-variables.js'
import { withStateUpdates } from './update-state.js'

// The Agent and the LLM Node of sequential agents ask the chat model connected to them (or to Start)
// with [system prompt, the conversation so far, human prompt], as Flowise's V1 does. The asking
// itself is the V2 answer step's: streaming, tools, structured output, usage and the turn it adds.

export interface SequentialModelStep {
  tools?: Tool[]
  /** Model calls at most when tools are given. */
  maxSteps?: number
  structured?: StructuredField[]
}

/** Flowise's Conversation History choices: which turns of the conversation go between the prompts. */
function selectHistory(turns: ChatTurn[], selection: unknown): ChatTurn[] {
  if (selection === 'empty') return []
  if (selection === 'last_message') return turns.slice(-1)
  if (selection === 'user_question') return turns.filter((turn) => turn.role === 'userMessage').slice(-1)
  return turns
}

/** Runs the node's model and applies its Update State. */
export async function runSequentialModelStep(context: StepContext, step: SequentialModelStep): Promise<StepResult> {
  const model = context.inputs.model
  if (!isChatModel(model)) {
    throw new Error('there is no chat model: connect one to Start (every node uses it) or to this node.')
  }
  const values = await promptValues(context)
  const system = formatPrompt(stepText(context.inputs.systemMessagePrompt), values)
  const human = formatPrompt(stepText(context.inputs.humanMessagePrompt), values)
  const messages: TextMessage[] = [
    { role: 'system', content: system },
    ...turnsToMessages(selectHistory(await context.history(), context.inputs.conversationHistorySelection)),
    { role: 'user', content: human },
  ]
  const answering: StepContext = {
    ...context,
    // The messages are complete: the answer step adds no memory and no question of its own.
    inputs: { seqMessages: messages, seqEnableMemory: false, seqReturnResponseAs: 'assistantMessage' },
    // The model is built already, from the node connected here: it is the one the answer step gets.
    run: { ...context.run, chatModel: async () => model },
  }
  const result = await runAnswerStep(answering, { prefix: 'seq', ...step })
  return withStateUpdates(context, result)
}

/** Format Prompt Values: `{ "topic": "$flow.state.topic" }`, each value read as a flow variable. */
async function promptValues(context: StepContext): Promise<Record<string, string>> {
  const raw = readJsonObject(context.inputs.promptValues, `${context.label}: Format Prompt Values`)
  if (Object.keys(raw).length === 0) return {}
  const flow = await sequentialFlow(context)
  return Object.fromEntries(
    Object.entries(raw).map(([name, value]) => [name, stepText(readFlowValue(value, flow, context.run.vars))]),
  )
}

/** `{name}` in a prompt replaced by its value; braces around other words are left as written. */
function formatPrompt(text: string, values: Record<string, string>): string {
  if (Object.keys(values).length === 0) return text
  return text.replace(/\{([A-Za-z_][\w]*)\}/g, (match: string, name: string) =>
    Object.hasOwn(values, name) ? values[name]! : match,
  )
}
