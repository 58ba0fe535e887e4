// The simple instructions the built-in responder follows when a prompt gives them.

export interface Instructions {
  /** "repeat after me: X" → answer exactly X. */
  repeat?: string
  /** "answer in N sentences" / "in one sentence" → at most N sentences. */
  sentences?: number
  /** "reply in uppercase" / "in capital letters" / "in lowercase". */
  letterCase?: 'upper' | 'lower'
}

const NUMBER_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten']
const countOf = (word: string): number =>
  word === 'a' || word === 'single' ? 1 : NUMBER_WORDS.indexOf(word) + 1 || Number(word)

const REPEAT = /repeat after me\s*:?\s*([\s\S]+)$/i
const SENTENCES =
  /\b(?:in|with|using|to)\s+(\d+|one|two|three|four|five|six|seven|eight|nine|ten|a|single)\s+sentences?\b/i
const UPPER = /\b(?:in\s+(?:all\s+)?(?:upper\s*case|capital letters|capitals|all caps))\b/i
const LOWER = /\bin\s+(?:all\s+)?lower\s*case\b/i

/** Reads the instructions of a prompt; the question's own instructions win over the system prompt's. */
export function readInstructions(texts: string[]): Instructions {
  const instructions: Instructions = {}
  for (const text of texts) {
    const repeat = REPEAT.exec(text)?.[1]?.trim()
    if (repeat) instructions.repeat = repeat
    const count = SENTENCES.exec(text)?.[1]?.toLowerCase()
    if (count) instructions.sentences = countOf(count)
    if (UPPER.test(text)) instructions.letterCase = 'upper'
    else if (LOWER.test(text)) instructions.letterCase = 'lower'
  }
  return instructions
}

/** Sentences that start like orders to the model ("You are…", "Use the context…") are not facts to quote. */
const TELLS_WHAT_TO_DO =
  /^(?:you|answer|reply|respond|use|write|improve|decide|keep|be|do|don't|never|always|only|given|based on|if you)\b/i

/** True for text that says how the answer should look ("Answer in two sentences", "Reply in uppercase"). */
export const shapesTheAnswer = (text: string): boolean =>
  /^(?:answer|reply|respond)\b/i.test(text) || SENTENCES.test(text) || UPPER.test(text) || LOWER.test(text)

/** True for a sentence that tells the responder how to answer, not what the answer is about. */
export const isInstruction = (sentence: string): boolean =>
  REPEAT.test(sentence) || shapesTheAnswer(sentence) || TELLS_WHAT_TO_DO.test(sentence)
