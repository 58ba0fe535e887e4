import { defineSynthesizer, refinePromptParam, textQAPromptParam } from './response-synthesizer.js'

export default defineSynthesizer({
  label: 'Refine',
  name: 'refineLlamaIndex',
  type: 'Refine',
  description: 'Answer from the first passage, then improve the answer with each next one: a model call each.',
  color: '#8942A8',
  mode: 'refine',
  inputs: [refinePromptParam, textQAPromptParam],
})
