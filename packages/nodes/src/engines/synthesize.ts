import {
  CHUNK_SEPARATOR,
  contextBudget,
  fillSynthesisPrompt,
  packChunks,
  splitLongText,
  type TokenUsage,
} from '@weft/core'
import { chat, type ChatModel } from '../providers/chat-model.js'
import type { ResponseSynthesizer } from './response-synthesizer.js'

/** The most characters of one synthesis prompt (about 3,000 tokens): it fits every model's context. */
export const MAX_PROMPT_CHARS = 12_000
/** Tree Summarize rounds before the answers left are answered from together. */
const MAX_TREE_LEVELS = 6

export interface SynthesisCall {
  signal: AbortSignal
  /** Gets the final answer as it is written; the model calls before it are not shown. */
  onToken?: (text: string) => void
  stream?: boolean
}

export interface Synthesis {
  text: string
  usage: TokenUsage
}

/**
 * Answers `query` from the passages the way the synthesizer says: Simple (one call), Refine (a call
 * per passage, each improving the answer), Compact and Refine (Refine over passages packed into as
 * few calls as fit) or Tree Summarize (answers of packed groups, answered again until one is left).
 */
export async function synthesize(
  model: ChatModel,
  synthesizer: ResponseSynthesizer,
  query: string,
  passages: readonly string[],
  call: SynthesisCall,
): Promise<Synthesis> {
  let usage: TokenUsage = { inputTokens: 0, outputTokens: 0, totalTokens: 0 }
  const ask = async (prompt: string, last: boolean): Promise<string> => {
    const result = await chat(model, {
      messages: [{ role: 'user', content: prompt }],
      signal: call.signal,
      ...(last && call.onToken ? { onToken: call.onToken, stream: call.stream } : {}),
    })
    usage = {
      inputTokens: usage.inputTokens + result.usage.inputTokens,
      outputTokens: usage.outputTokens + result.usage.outputTokens,
      totalTokens: usage.totalTokens + result.usage.totalTokens,
    }
    return result.text
  }
  const { mode, textQAPrompt, refinePrompt } = synthesizer
  const answerFrom = (context: string, last: boolean) =>
    ask(fillSynthesisPrompt(textQAPrompt, { context, query }), last)

  if (mode === 'simple') return { text: await answerFrom(passages.join(CHUNK_SEPARATOR), true), usage }

  if (mode === 'treeSummarize') {
    const budget = contextBudget(textQAPrompt, MAX_PROMPT_CHARS)
    let level = packChunks(passages, budget)
    for (let depth = 0; level.length > 1 && depth < MAX_TREE_LEVELS; depth += 1) {
      const answers = await Promise.all(level.map((chunk) => answerFrom(chunk, false)))
      level = packChunks(answers, budget)
    }
    return { text: await answerFrom(level.join(CHUNK_SEPARATOR).slice(0, budget), true), usage }
  }

  const budget = contextBudget(
    textQAPrompt.length > refinePrompt.length ? textQAPrompt : refinePrompt,
    MAX_PROMPT_CHARS,
  )
  const chunks =
    mode === 'refine' ? passages.flatMap((passage) => splitLongText(passage, budget)) : packChunks(passages, budget)
  if (chunks.length === 0) chunks.push('')
  let answer = await answerFrom(chunks[0]!, chunks.length === 1)
  for (const [index, context] of chunks.slice(1).entries()) {
    const prompt = fillSynthesisPrompt(refinePrompt, { context, query, existingAnswer: answer })
    answer = await ask(prompt, index === chunks.length - 2)
  }
  return { text: answer, usage }
}
