// What the built-in responder says about itself: greetings, "what can you do?", names, and the answer
// when nothing it was given answers a question. The rules that pick these texts are in
// offline-responder.ts; the texts are here so the README and the tests can be checked against them.

/** How the responder names itself; its own sentences that say so are never quoted back as facts. */
export const SELF = "Weft's built-in responder"

const GREETING = /^(?:hi|hello|hey|hiya|howdy|greetings|good (?:morning|afternoon|evening|day))\b(?:\s*,?\s*there\b)?/i
const SMALL_TALK = /^(?:how are you(?: doing)?|how's it going|how is it going)?$/i
const ASKS_WHAT_I_DO =
  /^(?:(?:please |can you |could you )?help(?: me)?|i need help|how can you help(?: me)?|what can you do\b.*|what can you help (?:me )?with|what do you do|what are you|who are you|how do you work|how do i use (?:you|this))$/i

/** The question without a greeting in front and without closing punctuation: "Hi! What can you do?" → "What can you do". */
export const withoutGreeting = (question: string): string =>
  question
    .trim()
    .replace(GREETING, '')
    .replace(/^[\s,!.:;-]+|[\s?!.]+$/g, '')

/** True for text that holds nothing but punctuation and spaces. */
export const isBlank = (text: string): boolean => /^[\s\p{P}]*$/u.test(text)

/** "Hello", "Hi there!", "Good morning, how are you?"; an empty question counts as a hello too. */
export const isGreeting = (question: string): boolean =>
  isBlank(question) || (GREETING.test(question.trim()) && SMALL_TALK.test(withoutGreeting(question)))

/** "What can you do?", "Help", "Who are you?", "How do I use this?", also after a greeting. */
export const asksWhatICanDo = (question: string): boolean => ASKS_WHAT_I_DO.test(withoutGreeting(question))

const WHAT_I_AM = `I am ${SELF}, not a language model`
const CONNECT =
  'To connect a real model, replace this node with ChatOpenAI, ChatAnthropic, an OpenAI-compatible server ' +
  '(ChatOpenAI Compatible or ChatOllama) or a local GGUF model (ChatLlamaCpp), then add a credential for it ' +
  'where the node asks for one.'
// The question ends the sentence: a "?" inside one would end it early for "in N sentences".
const ASK_ME = 'To see how I can help, ask me "What can you do?"'

export const greetingText = (name?: string): string =>
  `Hello${name ? `, ${name}` : ''}! ${WHAT_I_AM}: I answer by fixed rules from the text I am given. ${ASK_ME}`

export const guideText = (): string =>
  `${WHAT_I_AM}: I answer by fixed rules, so the same question always gets the same answer. ` +
  'I can answer from my prompt and from the documents of this flow, remember your name when you tell me ' +
  '("My name is …"), repeat what you ask me to ("Repeat after me: …") and pick one of the options a prompt lists. ' +
  CONNECT

export const welcomeText = (name: string): string =>
  `Nice to meet you, ${name}! I will remember your name in this conversation. ${ASK_ME}`

export const nameText = (name?: string): string =>
  name
    ? `Your name is ${name}.`
    : 'You have not told me your name yet. Say "My name is …" and I will remember it in this conversation.'

/**
 * The answer when nothing the responder was given answers the question: what it is, and what it can
 * answer instead: an example from its prompt or the flow's documents when they hold one.
 */
export function missText(question: string, example?: string): string {
  const missed = `${WHAT_I_AM}, and my prompt and this flow's documents do not answer "${question}".`
  const instead = example ? `Ask me about what they cover instead; for example, they say: "${example}"` : ASK_ME
  return `${missed} ${instead} For open questions, connect a chat model such as ChatOpenAI, ChatAnthropic or ChatLlamaCpp.`
}
