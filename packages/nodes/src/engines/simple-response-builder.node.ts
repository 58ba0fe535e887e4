import { defineSynthesizer } from './response-synthesizer.js'

export default defineSynthesizer({
  label: 'Simple Response Builder',
  name: 'simpleResponseBuilderLlamaIndex',
  type: 'SimpleResponseBuilder',
  description: 'Answer in one model call from all the passages found together.',
  color: '#542734',
  mode: 'simple',
  inputs: [],
})
