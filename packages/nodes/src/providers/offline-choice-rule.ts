import { contentWords } from './words.js'

// The choice rule, for classifying steps (Condition Agent): when a prompt asks to answer, choose,
// pick, select or classify with "one of" (e.g. "Answer with exactly one of these:") and lists
// options as lines starting with "-", "*" or "1." / "1)", the responder answers with exactly one
// option: the one sharing the most words with the question, the first on a tie. A question mark in
// the question counts as the words "question" and "ask", so questions find a "asks a question" option.

const ASKS_FOR_ONE = /\b(?:answer|reply|respond|choose|pick|select|classify|decide)\b[^.\n]*\bone of\b/i
const OPTION_LINE = /^\s*(?:[-*•]|\d+[.)])\s+(.+?)\s*$/

/** The listed options of the prompt texts, when one of them asks to pick "one of" them. */
export function listedOptions(texts: string[]): string[] {
  if (!texts.some((text) => ASKS_FOR_ONE.test(text))) return []
  return texts.flatMap((text) => text.split('\n').flatMap((line) => OPTION_LINE.exec(line)?.[1] ?? []))
}

/** Removes option lines so the rest of the message can be read for its question. */
export const withoutOptionLines = (text: string): string =>
  text
    .split('\n')
    .filter((line) => !OPTION_LINE.test(line))
    .join('\n')

export function pickOption(question: string, options: string[]): string | undefined {
  const asked = new Set(contentWords(question))
  if (question.includes('?')) ['question', 'ask'].forEach((word) => asked.add(word))
  let best: string | undefined
  let bestScore = -1
  for (const option of options) {
    const score = new Set(contentWords(option).filter((word) => asked.has(word))).size
    if (score > bestScore) [best, bestScore] = [option, score]
  }
  return best
}
