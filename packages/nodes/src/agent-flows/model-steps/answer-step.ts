import type { ChatTurn, StepOutput, UsedTool } from '@weft/core'
import { chat, type Tool } from '../../providers/chat-model.js'
import { readString } from '../../providers/node-inputs.js'
import type { StepContext, StepResult } from '../step.js'
import { buildConversation } from './conversation.js'
import { toChatMessages } from './step-messages.js'
import { withQuestionImages } from './step-images.js'
import { buildStepModel } from './step-model.js'
import { describeFields, readStructuredReply, type StructuredField } from './structured-output.js'
import { addUsage, usageMetadataOf } from './usage.js'

// The run of the LLM and Agent steps: ask the picked model with the step's messages and memory
// (and tools), stream the answer when it is the run's answer, and hand back the answer as the
// step's output and as a turn of the conversation later steps see.

export interface AnswerStep {
  /** The step's input prefix: `llm` reads `llmModel`, `llmMessages`, `llmReturnResponseAs`, … */
  prefix: string
  tools?: Tool[]
  /** Rounds of model calls when tools are given. */
  maxSteps?: number
  /** Ask for a JSON object with these keys instead of free text. */
  structured?: StructuredField[]
}

export async function runAnswerStep(context: StepContext, step: AnswerStep): Promise<StepResult> {
  const { prefix, tools = [], structured = [] } = step
  const model = await buildStepModel(context, prefix)
  const instructions = structured.length ? describeFields(structured) : undefined
  const conversation = await buildConversation(context, prefix, model, instructions)
  const emit = context.run.emit
  // A JSON answer is only shown once it is read, so it is not streamed as it is written.
  const streams = context.isLastStep && !structured.length
  const usedTools: UsedTool[] = []
  const asked = toChatMessages(conversation.messages)
  const result = await chat(model, {
    ...asked,
    messages: withQuestionImages(asked.messages, model, context.run),
    tools,
    maxSteps: tools.length ? step.maxSteps : 1,
    signal: context.run.signal,
    stream: context.run.streaming,
    onToken: streams ? (data) => emit({ event: 'token', data }) : undefined,
    onToolUsed: (used) => {
      usedTools.push(used)
      // The whole list so far: clients replace the tools they show with each event.
      emit({ event: 'usedTools', data: [...usedTools] })
    },
  })
  let content = result.text
  let values: Record<string, unknown> = {}
  if (structured.length) {
    values = readStructuredReply(result.text, structured, context.label)
    content = JSON.stringify(values, null, 2)
    if (context.isLastStep) emit({ event: 'token', data: content })
  } else if (!content && usedTools.length) {
    content = `${context.label} did not answer within ${step.maxSteps} rounds: it was still calling tools.`
    if (context.isLastStep) emit({ event: 'token', data: content })
  }
  const usage = addUsage(conversation.usage, result.usage)
  const output: StepOutput = {
    content,
    ...values,
    ...(usedTools.length ? { usedTools } : {}),
    usageMetadata: usageMetadataOf(usage),
  }
  return {
    output,
    input: { messages: conversation.messages },
    chatHistory: [...conversation.messages, { role: 'assistant', content }],
    turns: content ? [turnOf(context, prefix, content)] : [],
    usage,
  }
}

/** The answer as a turn later steps see: as the user's words by default, or as the flow's own answer. */
function turnOf(context: StepContext, prefix: string, content: string): ChatTurn {
  const as = readString(context.inputs[`${prefix}ReturnResponseAs`])
  return { role: as === 'assistantMessage' ? 'apiMessage' : 'userMessage', content }
}
