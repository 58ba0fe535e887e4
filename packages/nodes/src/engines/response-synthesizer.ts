import type { InputParam } from '@weft/core'
import { REFINE_PROMPT, TEXT_QA_PROMPT } from '@weft/core'
import { defineNode, type NodeDefinition } from '../define-node.js'
import { isRecord, readText } from '../runtime/read-input.js'

/** How retrieved passages become an answer (LlamaIndex's response synthesizers). */
export type SynthesisMode = 'compactAndRefine' | 'refine' | 'treeSummarize' | 'simple'

/** What a Response Synthesizer node builds: the strategy and its prompts. */
export interface ResponseSynthesizer {
  kind: 'responseSynthesizer'
  mode: SynthesisMode
  /** Takes {context} and {query}. */
  textQAPrompt: string
  /** Takes {existingAnswer}, {context} and {query}. */
  refinePrompt: string
}

export const isResponseSynthesizer = (value: unknown): value is ResponseSynthesizer =>
  isRecord(value) && value.kind === 'responseSynthesizer'

/** LlamaIndex's default when no synthesizer is connected: compact the passages, then refine. */
export const DEFAULT_SYNTHESIZER: ResponseSynthesizer = {
  kind: 'responseSynthesizer',
  mode: 'compactAndRefine',
  textQAPrompt: TEXT_QA_PROMPT,
  refinePrompt: REFINE_PROMPT,
}

export const responseSynthesizerParam: InputParam = {
  label: 'Response Synthesizer',
  name: 'responseSynthesizer',
  type: 'ResponseSynthesizer',
  description: 'How the passages found become the answer; Compact and Refine when none is connected.',
  optional: true,
}

export const refinePromptParam: InputParam = {
  label: 'Refine Prompt',
  name: 'refinePrompt',
  type: 'string',
  rows: 4,
  default: REFINE_PROMPT,
  description: 'Improves the answer so far with the next passages; takes {existingAnswer}, {context} and {query}.',
  optional: true,
}

export const textQAPromptParam: InputParam = {
  label: 'Text QA Prompt',
  name: 'textQAPrompt',
  type: 'string',
  rows: 4,
  default: TEXT_QA_PROMPT,
  description: 'Answers from the first passages; takes {context} and {query}.',
  optional: true,
}

export interface SynthesizerSpec {
  label: string
  name: string
  type: string
  description: string
  color: string
  mode: SynthesisMode
  inputs: InputParam[]
  /** Which input holds the answering prompt (Tree Summarize calls it Prompt). */
  qaInput?: string
}

export function defineSynthesizer(spec: SynthesizerSpec): NodeDefinition {
  return defineNode({
    descriptor: {
      label: spec.label,
      name: spec.name,
      version: 1,
      type: spec.type,
      category: 'Response Synthesizer',
      description: spec.description,
      icon: `${spec.name}.svg`,
      color: spec.color,
      baseClasses: [spec.type, 'ResponseSynthesizer'],
      tags: ['LlamaIndex'],
      canvases: ['chatflow'],
      inputs: spec.inputs,
    },
    run: async ({ inputs }): Promise<ResponseSynthesizer> => ({
      kind: 'responseSynthesizer',
      mode: spec.mode,
      textQAPrompt: readText(inputs[spec.qaInput ?? 'textQAPrompt']).trim() || DEFAULT_SYNTHESIZER.textQAPrompt,
      refinePrompt: readText(inputs.refinePrompt).trim() || DEFAULT_SYNTHESIZER.refinePrompt,
    }),
  })
}
