import type { ChatModel } from '../providers/chat-model.js'
import { chat } from '../providers/chat-model.js'

/** A place a router may send a question: a prompt or a retriever, told apart by name and description. */
export interface Destination {
  name: string
  description: string
}

/**
 * Asks the model which destination fits the question best, by the descriptions. Undefined when it
 * names none of them, and the caller answers without one. The call is not streamed: the user sees
 * only the answer of the destination.
 */
export async function routeQuestion<T extends Destination>(
  model: ChatModel,
  destinations: T[],
  question: string,
  signal: AbortSignal,
): Promise<T | undefined> {
  const choices = destinations.map((destination) => `${destination.name}: ${destination.description}`).join('\n')
  const prompt = [
    'Choose where the question below should go, by the descriptions of the choices.',
    'Answer with the name of one choice only, or DEFAULT when none of them fits.',
    '',
    'Choices:',
    choices,
    '',
    `Question: ${question}`,
  ].join('\n')
  const { text } = await chat(model, { messages: [{ role: 'user', content: prompt }], signal })
  const answer = text
    .trim()
    .replace(/^["'`]|["'`.]$/g, '')
    .trim()
    .toLowerCase()
  return (
    destinations.find((destination) => destination.name.toLowerCase() === answer) ??
    // A chatty model ("I would choose physics"): the longest name it mentions.
    [...destinations]
      .sort((a, b) => b.name.length - a.name.length)
      .find((destination) => answer.includes(destination.name.toLowerCase()))
  )
}
