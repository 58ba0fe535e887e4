import { fillPrompts, isChatPromptValue, isPromptValue, type AnyPromptValue } from './prompt.js'

/** The system message (if any) and the user's message a prompt makes for one question. */
export interface PromptParts {
  system?: string
  human: string
}

/** The prompt connected to `inputLabel`, or an error telling the user to connect one. */
export function requirePrompt(value: unknown, inputLabel: string): AnyPromptValue {
  if (isPromptValue(value)) return value
  throw new Error(`Connect a prompt template to ${inputLabel}.`)
}

/** Fills a prompt for `question`: a text prompt becomes the user's message; a chat prompt gives both. */
export function fillPrompt(prompt: AnyPromptValue, question: string): PromptParts {
  if (prompt.kind === 'prompt') {
    const [human] = fillPrompts([prompt.template], prompt.promptValues, question)
    return { human: human!.trim() ? human! : question }
  }
  const [system, human] = fillPrompts([prompt.system, prompt.human], prompt.promptValues, question)
  return { ...(system!.trim() ? { system } : {}), human: human!.trim() ? human! : question }
}

/**
 * The parts of a conversation node (conversation chain, agent): its optional Chat Prompt Template
 * replaces the System Message; without one the user's message is the question itself.
 */
export function conversationParts(chatPrompt: unknown, systemMessage: string, question: string): PromptParts {
  if (isChatPromptValue(chatPrompt)) {
    const parts = fillPrompt(chatPrompt, question)
    return parts.system ? parts : { ...parts, ...(systemMessage.trim() ? { system: systemMessage } : {}) }
  }
  return { ...(systemMessage.trim() ? { system: systemMessage } : {}), human: question }
}
