// Plain text helpers for the built-in responder and the hashing embedder: both work on words, not
// meaning, so they must agree on what a word is.

/** Words too common to say anything about what a text is about. */
const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have how i if in into is it its ' +
    'me my no not of on or our so than that the their them then there these they this to was we were what when ' +
    'where which who whom why will with would you your yours about please tell'
  ).split(' '),
)

/** True for a word too common to carry meaning ("the", "not", "so"). */
export const isCommonWord = (word: string): boolean => STOP_WORDS.has(word.toLowerCase())

/** Lower-case words of letters and digits, in order. */
export const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []

/** Folds simple plural and verb endings so "refunds" meets "refund". */
const stem = (word: string): string =>
  word.length > 4 && word.endsWith('ies')
    ? `${word.slice(0, -3)}y`
    : word.length > 3 && word.endsWith('s') && !word.endsWith('ss')
      ? word.slice(0, -1)
      : word

/** The words that carry meaning, stemmed; all words when a text has nothing but common ones. */
export function contentWords(text: string): string[] {
  const all = wordsOf(text)
  const content = all.filter((word) => !STOP_WORDS.has(word))
  return (content.length > 0 ? content : all).map(stem)
}

/** Splits text into sentences at ., ! or ? (and a closing quote) followed by space, and at line breaks. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?]["'”)\]]?)\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '')
}
