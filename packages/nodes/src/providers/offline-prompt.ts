import type {
  LanguageModelV3CallOptions,
  LanguageModelV3Prompt,
  LanguageModelV3ToolResultOutput,
} from '@ai-sdk/provider'
import { withoutOptionLines } from './offline-choice-rule.js'
import { shapesTheAnswer } from './offline-instructions.js'
import { sentencesOf } from './words.js'

// Reads an AI SDK prompt into what the built-in responder's rules look at.

/** A piece of text the answer may quote; `earlier` marks a turn of the conversation, `fromUser` the user's own words. */
export interface ContextText {
  text: string
  fromUser: boolean
  earlier: boolean
}

export interface OfferedTool {
  name: string
  description: string
  /** The input property a plain-text argument goes into: the first required one, else the first one. */
  mainProperty?: string
}

export interface ToolResult {
  toolName: string
  output: string
}

export interface ResponderInput {
  question: string
  /** The system prompt and the last user message: where instructions are read. */
  instructionTexts: string[]
  context: ContextText[]
  /** What the user said in this conversation, oldest first: earlier user turns, then the question. */
  userTexts: string[]
  tools: OfferedTool[]
  /** Tool results that came back after the last user message. */
  toolResults: ToolResult[]
}

type Message = LanguageModelV3Prompt[number]

const textOf = (message: Message): string =>
  typeof message.content === 'string'
    ? message.content
    : message.content
        .map((part) => (part.type === 'text' ? part.text : ''))
        .filter((text) => text !== '')
        .join('\n')

function outputText(output: LanguageModelV3ToolResultOutput): string {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return output.value
    case 'json':
    case 'error-json':
      return typeof output.value === 'string' ? output.value : JSON.stringify(output.value)
    case 'execution-denied':
      return output.reason ?? 'the call was denied'
    default:
      return JSON.stringify(output)
  }
}

/**
 * Finds the question inside the last user message: the text after a "Question:" label, else the
 * last sentence that ends in "?", else the last sentence; an instruction before a colon is dropped
 * ("Answer in two sentences: what is Weft?" asks "what is Weft?").
 */
export function splitQuestion(message: string): { question: string; rest: string[] } {
  const labelled = /(?:^|\n)\s*question\s*:\s*(.+)/i.exec(message)
  if (labelled?.[1]) {
    return { question: labelled[1].trim(), rest: sentencesOf(message.slice(0, labelled.index)) }
  }
  const sentences = sentencesOf(message)
  let index = sentences.findLastIndex((sentence) => sentence.endsWith('?'))
  if (index === -1) index = sentences.length - 1
  let question = sentences[index] ?? ''
  const colon = question.indexOf(':')
  if (colon > 0 && shapesTheAnswer(question.slice(0, colon))) question = question.slice(colon + 1).trim()
  return { question, rest: sentences.filter((_, i) => i !== index) }
}

function offeredTools(tools: LanguageModelV3CallOptions['tools']): OfferedTool[] {
  return (tools ?? []).flatMap((tool) => {
    if (tool.type !== 'function') return []
    const schema = tool.inputSchema as { required?: string[]; properties?: Record<string, unknown> }
    return [
      {
        name: tool.name,
        description: tool.description ?? '',
        mainProperty: schema.required?.[0] ?? Object.keys(schema.properties ?? {})[0],
      },
    ]
  })
}

export function readPrompt(options: LanguageModelV3CallOptions): ResponderInput {
  const { prompt } = options
  const lastUser = prompt.findLastIndex((message) => message.role === 'user')
  const system = prompt.filter((message) => message.role === 'system').map(textOf)
  const userText = lastUser === -1 ? '' : textOf(prompt[lastUser]!)
  const { question, rest } = splitQuestion(withoutOptionLines(userText))
  const earlier: ContextText[] = prompt
    .slice(0, Math.max(lastUser, 0))
    .filter((message) => message.role === 'user' || message.role === 'assistant')
    .map((message) => ({ text: textOf(message), fromUser: message.role === 'user', earlier: true }))
  const toolResults = prompt
    .slice(lastUser + 1)
    .flatMap((message) => (message.role === 'tool' ? message.content : []))
    .flatMap((part) =>
      part.type === 'tool-result' ? [{ toolName: part.toolName, output: outputText(part.output) }] : [],
    )
  return {
    question,
    instructionTexts: [...system, userText],
    context: [
      ...system.map((text) => ({ text, fromUser: false, earlier: false })),
      ...earlier,
      ...rest.map((text) => ({ text, fromUser: false, earlier: false })),
    ],
    userTexts: [...earlier.filter((turn) => turn.fromUser).map((turn) => turn.text), question],
    tools: options.toolChoice?.type === 'none' ? [] : offeredTools(options.tools),
    toolResults,
  }
}
