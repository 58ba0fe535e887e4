import { defineNode, notRunnableYet } from '../define-node.js'

const CHAIN_CLASSES = ['LLMChain', 'BaseChain', 'Runnable']

export default defineNode({
  descriptor: {
    label: 'LLM Chain',
    name: 'llmChain',
    version: 1,
    type: 'LLMChain',
    category: 'Chains',
    description: 'Fill a prompt template and send it to a language model.',
    icon: 'llmChain.svg',
    color: '#2C9653',
    baseClasses: CHAIN_CLASSES,
    canvases: ['chatflow'],
    inputs: [
      { label: 'Language Model', name: 'model', type: 'BaseLanguageModel' },
      { label: 'Prompt', name: 'prompt', type: 'BasePromptTemplate' },
      {
        label: 'Chain Name',
        name: 'chainName',
        type: 'string',
        placeholder: 'Name Your Chain',
        optional: true,
      },
    ],
    outputs: [
      { label: 'LLM Chain', name: 'llmChain', baseClasses: CHAIN_CLASSES },
      {
        label: 'Output Prediction',
        name: 'outputPrediction',
        baseClasses: ['string', 'json'],
        description: "The model's answer, for nodes that take text or JSON.",
      },
    ],
  },
  run: notRunnableYet,
})
