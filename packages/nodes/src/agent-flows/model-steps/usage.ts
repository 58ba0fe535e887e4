import type { StepUsage, TokenUsage } from '@weft/core'

export const NO_USAGE: TokenUsage = { inputTokens: 0, outputTokens: 0, totalTokens: 0 }

export const addUsage = (a: TokenUsage, b: TokenUsage): TokenUsage => ({
  inputTokens: a.inputTokens + b.inputTokens,
  outputTokens: a.outputTokens + b.outputTokens,
  totalTokens: a.totalTokens + b.totalTokens,
})

/** A step's token counts as its execution records them (the providers' names, as Flowise shows them). */
export const usageMetadataOf = (usage: TokenUsage): StepUsage => ({
  input_tokens: usage.inputTokens,
  output_tokens: usage.outputTokens,
  total_tokens: usage.totalTokens,
})
