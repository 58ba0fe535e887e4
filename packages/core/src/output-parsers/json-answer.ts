import { AnswerFormatError } from './answer-format-error.js'

/**
 * The JSON text inside a model's answer: the content of its first ``` code block when it has one,
 * else from the first `{` or `[` to the last matching closer, else the whole answer.
 */
export function extractJsonText(answer: string): string {
  const fenced = /```(?:json|JSON)?[ \t]*\n?([\s\S]*?)```/.exec(answer)
  if (fenced) return fenced[1]!.trim()
  const start = answer.search(/[{[]/)
  if (start === -1) return answer.trim()
  const closer = answer[start] === '{' ? '}' : ']'
  const end = answer.lastIndexOf(closer)
  return end > start ? answer.slice(start, end + 1) : answer.slice(start).trim()
}

/** Commas before a closing brace or bracket, which models write and JSON refuses (outside strings). */
const dropTrailingCommas = (text: string) =>
  text.replace(/("(?:[^"\\]|\\.)*")|,(\s*[}\]])/g, (_, str, close) => str ?? close)

/** The JSON value a model answered with, in a code block or not; tolerates trailing commas. */
export function parseJsonAnswer(answer: string): unknown {
  const text = extractJsonText(answer)
  try {
    return JSON.parse(dropTrailingCommas(text))
  } catch (error) {
    throw new AnswerFormatError(`The answer is not valid JSON (${(error as Error).message}).`)
  }
}
