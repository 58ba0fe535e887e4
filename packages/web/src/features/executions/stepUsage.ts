import type { ExecutedStep, StepUsage } from '@weft/core'

/** The tokens of all the steps together; undefined when no step reported any. */
export function totalUsage(steps: ExecutedStep[]): StepUsage | undefined {
  const usages = steps.flatMap((step) => (step.data?.output?.usageMetadata ? [step.data.output.usageMetadata] : []))
  if (usages.length === 0) return undefined
  return usages.reduce(
    (sum, usage) => ({
      input_tokens: sum.input_tokens + (usage.input_tokens ?? 0),
      output_tokens: sum.output_tokens + (usage.output_tokens ?? 0),
      total_tokens: sum.total_tokens + (usage.total_tokens ?? 0),
    }),
    { input_tokens: 0, output_tokens: 0, total_tokens: 0 },
  )
}
