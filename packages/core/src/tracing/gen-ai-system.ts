/** The API suffixes AI SDK providers put after their name (`openai.chat`, `anthropic.messages`). */
const API_SUFFIX = /\.(chat|responses|messages|completion|completions)$/

/**
 * The `gen_ai.system` of an AI SDK model's `provider` id: the provider's name without the API it
 * speaks (`openai.responses` → `openai`, `ollama.chat` → `ollama`, `llama.cpp` stays).
 */
export function genAiSystemOf(provider: string): string {
  return provider.replace(API_SUFFIX, '').toLowerCase()
}
