import { defineSynthesizer, refinePromptParam, textQAPromptParam } from './response-synthesizer.js'

export default defineSynthesizer({
  label: 'Compact and Refine',
  name: 'compactrefineLlamaIndex',
  type: 'CompactRefine',
  description: 'Refine, after first packing the passages into as few model calls as fit.',
  color: '#B32C9F',
  mode: 'compactAndRefine',
  inputs: [refinePromptParam, textQAPromptParam],
})
