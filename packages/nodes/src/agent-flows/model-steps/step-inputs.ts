import { withOurSpellings } from '@weft/core'
import type { StepContext } from '../step.js'

/**
 * The step's context with its inputs under our spellings, the configs of the model and tools it
 * picked included (`llmModelConfig.basepath` → `basePath`). The engine maps Flowise's spellings when
 * it loads a flow; a step maps them again because its inputs can also arrive another way (an API
 * override, a run resumed from a checkpoint), and a lost `basepath` would send the prompts to the
 * provider's public API instead of the server the flow names.
 */
export function withStepSpellings(context: StepContext, nodeName: string): StepContext {
  const inputs = withOurSpellings(nodeName, context.inputs)
  return inputs === context.inputs ? context : { ...context, inputs }
}
