import type { LanguageModelV3Prompt } from '@ai-sdk/provider'
import type { ChatHistoryItem } from 'node-llama-cpp'

// The AI SDK prompt as node-llama-cpp's chat history; node-llama-cpp then renders it with the chat
// template inside the GGUF file, as the model was trained to read it. Only text reaches the model.

/** Said wherever a flow hands tools to a local model. */
export const NO_TOOLS_MESSAGE =
  'Local GGUF models cannot call tools yet; use the Tool Agent with an OpenAI-compatible server'

const textOf = (parts: ReadonlyArray<{ type: string; text?: string }>): string =>
  parts.map((part) => (part.type === 'text' ? part.text : '')).join('')

/** The turns to answer, ending in the empty model turn the answer fills. */
export function toChatHistory(prompt: LanguageModelV3Prompt): ChatHistoryItem[] {
  const history = prompt.map((message): ChatHistoryItem => {
    switch (message.role) {
      case 'system':
        return { type: 'system', text: message.content }
      case 'user':
        return { type: 'user', text: textOf(message.content) }
      case 'assistant':
        return { type: 'model', response: [textOf(message.content)] }
      case 'tool':
        throw new Error(NO_TOOLS_MESSAGE)
    }
  })
  return [...history, { type: 'model', response: [] }]
}

/** Whether some user turn carries files (images), which these text models cannot read. */
export const hasFiles = (prompt: LanguageModelV3Prompt): boolean =>
  prompt.some((message) => message.role === 'user' && message.content.some((part) => part.type === 'file'))
