import { listedOptions, pickOption } from './offline-choice-rule.js'
import {
  asksWhatICanDo,
  greetingText,
  guideText,
  isBlank,
  isGreeting,
  missText,
  nameText,
  SELF,
  welcomeText,
  withoutGreeting,
} from './offline-guide.js'
import { isInstruction, readInstructions, type Instructions } from './offline-instructions.js'
import { asksForName, introducedName, rememberedName, withoutIntroductions } from './offline-name-rule.js'
import type { ContextText, ResponderInput, ToolResult } from './offline-prompt.js'
import { pickToolCall, type ToolCallChoice } from './offline-tool-rules.js'
import { contentWords, sentencesOf } from './words.js'

/**
 * The built-in responder's rules. It is not a language model: the same prompt always gives the same
 * answer, made by these rules in this order (README.md in this folder says the same for users):
 * 1. Tool results came back after the question → one sentence per result: "The <tool> tool answered: <result>."
 * 2. "repeat after me: X" → X.
 * 3. A tool rule matches (offline-tool-rules.ts) → call that tool.
 * 4. The prompt asks to answer with "one of" a list → that option (offline-choice-rule.ts).
 * 5. The question only introduces the user ("I am Bo", "Hi, I'm Bo", "my name is Bo", "call me Bo")
 *    → "Nice to meet you, Bo! …" (offline-name-rule.ts).
 * 6. The question asks for the user's name ("What is my name?") → "Your name is Bo.", from the latest
 *    introduction in the user's turns (the conversation memory); or how to tell it.
 * 7. "What can you do?", "Help", "Who are you?" → what it is (not a language model), what it can do
 *    and how to connect a real model (offline-guide.ts).
 * 8. A greeting ("Hello", "Hi there") or an empty question → hello back, by name when it knows it.
 * 9. Sentences of the context (system prompt, earlier turns, the rest of the question's message,
 *    retrieved documents in it) sharing words with the question → the best of them, in their
 *    order, each once, at most 3 (or the "in N sentences" count); the user's own words come back as
 *    "you/your".
 * 10. Otherwise → it says it is the built-in responder, that its prompt and documents do not answer
 *    the question, gives an example of what they do say (or points to "What can you do?") and names
 *    real models.
 * Instructions "in N sentences" and "in uppercase" / "in lowercase" shape every text answer.
 */
export type ResponderOutput = { type: 'text'; text: string } | ({ type: 'tool-call' } & ToolCallChoice)

const DEFAULT_SENTENCES = 3
// A quoted example longer than this is cut at a word, so a miss stays short.
const EXAMPLE_LENGTH = 160

export function respond(input: ResponderInput): ResponderOutput {
  const instructions = readInstructions(input.instructionTexts)
  const answer = (text: string): ResponderOutput => ({ type: 'text', text: shape(text, instructions) })
  if (input.toolResults.length > 0) return answer(input.toolResults.map(describeResult).join(' '))
  if (instructions.repeat) return { type: 'text', text: applyCase(instructions.repeat, instructions) }
  const call = pickToolCall(input.question, input.tools)
  if (call) return { type: 'tool-call', ...call }
  const option = pickOption(input.question, listedOptions(input.instructionTexts))
  if (option) return { type: 'text', text: option }
  return answer(
    guide(input) ??
      extract(input, instructions.sentences ?? DEFAULT_SENTENCES) ??
      missText(input.question, example(input)),
  )
}

/** Rules 5 to 8: introductions, the user's name, what the responder can do, greetings. */
function guide({ question, userTexts }: ResponderInput): string | undefined {
  const introduced = introducedName(question)
  if (introduced && isBlank(withoutGreeting(withoutIntroductions(question)))) return welcomeText(introduced)
  if (asksForName(question)) return nameText(rememberedName(userTexts))
  if (asksWhatICanDo(question)) return guideText()
  if (isGreeting(question)) return greetingText(rememberedName(userTexts))
  return undefined
}

function describeResult({ toolName, output }: ToolResult): string {
  const result = output.trim()
  return `The ${toolName} tool answered: ${result}${/[.!?]$/.test(result) ? '' : '.'}`
}

interface Candidate {
  sentence: string
  score: number
  position: number
}

/** The context sentences that share the most words with the question, in the order they came. */
function extract(input: ResponderInput, count: number): string | undefined {
  const asked = new Set(contentWords(input.question))
  const question = input.question.toLowerCase()
  const candidates: Candidate[] = []
  // A sentence said twice counts once: an earlier answer that quoted the prompt must not come back doubled.
  const said = new Set<string>()
  for (const context of input.context) {
    for (const sentence of sentencesOf(context.text)) {
      if (isInstruction(sentence) || sentence.includes(SELF) || sentence.toLowerCase() === question) continue
      const score = new Set(contentWords(sentence).filter((word) => asked.has(word))).size
      const voiced = voice(sentence, context)
      const key = voiced.trim().toLowerCase()
      if (score === 0 || said.has(key)) continue
      said.add(key)
      candidates.push({ sentence: voiced, score, position: candidates.length })
    }
  }
  if (candidates.length === 0) return undefined
  const best = [...candidates].sort((a, b) => b.score - a.score || a.position - b.position).slice(0, count)
  return best
    .sort((a, b) => a.position - b.position)
    .map(({ sentence }) => sentence)
    .join(' ')
}

const TO_LISTENER: Record<string, string> = {
  i: 'you',
  me: 'you',
  my: 'your',
  mine: 'yours',
  myself: 'yourself',
  am: 'are',
  "i'm": "you're",
  "i've": "you've",
}

/** The user's own earlier words, said back to them: "My name is Ada." → "Your name is Ada." */
function voice(sentence: string, context: ContextText): string {
  if (!context.fromUser) return sentence
  const turned = sentence.replace(
    /\b(?:i'm|i've|i|me|my|mine|myself|am)\b/gi,
    (word) => TO_LISTENER[word.toLowerCase()]!,
  )
  return turned.charAt(0).toUpperCase() + turned.slice(1)
}

/** A fact from the prompt or the flow's documents (not the conversation), to show what the responder can answer. */
function example(input: ResponderInput): string | undefined {
  const sentence = input.context
    .filter((context) => !context.earlier)
    .flatMap((context) => sentencesOf(context.text))
    .find((candidate) => !isInstruction(candidate) && !candidate.includes(SELF) && !candidate.endsWith('?'))
  if (!sentence || sentence.length <= EXAMPLE_LENGTH) return sentence
  const cut = sentence.lastIndexOf(' ', EXAMPLE_LENGTH)
  return `${sentence.slice(0, cut > 0 ? cut : EXAMPLE_LENGTH)} …`
}

function applyCase(text: string, { letterCase }: Instructions): string {
  if (letterCase === 'upper') return text.toUpperCase()
  return letterCase === 'lower' ? text.toLowerCase() : text
}

function shape(text: string, instructions: Instructions): string {
  const limited = instructions.sentences ? sentencesOf(text).slice(0, instructions.sentences).join(' ') : text
  return applyCase(limited, instructions)
}
