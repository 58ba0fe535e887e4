import { AnswerFormatError } from './answer-format-error.js'

// Answers asked for as a list: the items, trimmed, without empty ones (a trailing separator, a
// blank line), and without a code fence the model may have wrapped the list in.

const withoutFence = (text: string) =>
  text
    .trim()
    .replace(/^```[\w-]*\s*\n?([\s\S]*?)\n?```$/, '$1')
    .trim()

/** What a CSV Output Parser adds to the prompt. */
export const COMMA_LIST_INSTRUCTIONS =
  'Answer with a list of comma-separated values and nothing else, for example: `red, green, blue`.'

/** The items of a comma-separated answer; an answer with no item at all is refused. */
export function parseCommaList(answer: string): string[] {
  return parseSeparatedList(answer, ',')
}

/** What a Custom List Output Parser adds to the prompt. */
export function separatedListInstructions(separator: string, length?: number): string {
  const count = length === undefined ? 'a list of values' : `exactly ${length} values`
  return `Answer with ${count} separated by "${separator}" and nothing else.`
}

/**
 * The items of an answer cut at `separator` (a comma when empty). With `length`, an answer with
 * another number of items is refused, naming both numbers.
 */
export function parseSeparatedList(answer: string, separator: string, length?: number): string[] {
  const items = withoutFence(answer)
    .split(separator === '' ? ',' : separator)
    .map((item) => item.trim())
    .filter((item) => item !== '')
  if (!items.length) throw new AnswerFormatError('The answer holds no list item.')
  if (length !== undefined && items.length !== length) {
    throw new AnswerFormatError(`The answer holds ${items.length} items where ${length} were asked for.`)
  }
  return items
}
