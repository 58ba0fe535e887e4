import { AnswerFormatError } from '@weft/core'
import type { Answer, RunScope } from '../define-node.js'
import { addUsage } from '../agent-flows/model-steps/usage.js'
import { chat, type ChatModel } from '../providers/chat-model.js'
import type { ModelRequest } from '../runtime/answer.js'
import type { OutputParserValue } from './output-parser.js'

/** The parsed value as the chat shows it: JSON in a code block, as Flowise shows a parser's answer. */
export const jsonAnswerText = (value: unknown): string => '```json\n' + JSON.stringify(value, null, 2) + '\n```'

function fixRequest(parser: OutputParserValue, answer: string, problem: string): ModelRequest {
  const content = [
    'Your answer below does not follow the instructions.',
    `Instructions:\n${parser.instructions}`,
    `Your answer:\n${answer}`,
    `What is wrong: ${problem}`,
    'Answer again, following the instructions exactly.',
  ].join('\n\n')
  return { messages: [{ role: 'user', content }] }
}

/**
 * Asks the model (the prompt already holds the parser's instructions) and reads its answer with the
 * parser; with Autofix, an answer that does not fit is sent back once with what was wrong. Nothing
 * is streamed: only the parsed value is an answer.
 */
export async function askWithParser(
  model: ChatModel,
  request: ModelRequest,
  parser: OutputParserValue,
  scope: RunScope,
  label: string,
): Promise<{ value: unknown; answer: Answer }> {
  const first = await chat(model, { ...request, signal: scope.signal, stream: false })
  let usage = first.usage
  const read = (text: string): { value: unknown } | { problem: string } => {
    try {
      return { value: parser.parse(text) }
    } catch (error) {
      if (error instanceof AnswerFormatError) return { problem: error.message }
      throw error
    }
  }
  let result = read(first.text)
  if ('problem' in result && parser.autofix) {
    const fixed = await chat(model, {
      ...fixRequest(parser, first.text, result.problem),
      signal: scope.signal,
      stream: false,
    })
    usage = addUsage(usage, fixed.usage)
    result = read(fixed.text)
  }
  if ('problem' in result) {
    const hint = parser.autofix ? '' : ' Turn on Autofix in the output parser to let the model correct it once.'
    throw new Error(
      `${label}: the model's answer does not have the format the output parser asks for. ${result.problem}${hint}`,
    )
  }
  return { value: result.value, answer: { text: jsonAnswerText(result.value), json: result.value, usage } }
}
