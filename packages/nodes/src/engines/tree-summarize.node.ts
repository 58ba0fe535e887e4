import { TREE_SUMMARIZE_PROMPT } from '@weft/core'
import { defineSynthesizer } from './response-synthesizer.js'

export default defineSynthesizer({
  label: 'TreeSummarize',
  name: 'treeSummarizeLlamaIndex',
  type: 'TreeSummarize',
  description: 'Answer from packed groups of passages, then from those answers, up to one answer: good for summaries.',
  color: '#2DBC52',
  mode: 'treeSummarize',
  qaInput: 'prompt',
  inputs: [
    {
      label: 'Prompt',
      name: 'prompt',
      type: 'string',
      rows: 4,
      default: TREE_SUMMARIZE_PROMPT,
      description: 'Answers from a group of passages or answers; takes {context} and {query}.',
      optional: true,
    },
  ],
})
