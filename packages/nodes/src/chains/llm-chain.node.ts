import { defineNode } from '../define-node.js'
import { chat } from '../providers/chat-model.js'
import { modelAnswerer, requireChatModel, type ModelRequest } from '../runtime/answer.js'
import { fillPrompt, requirePrompt } from '../runtime/prompt-request.js'

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
  run: async ({ inputs, output, isEnding, scope }) => {
    const model = requireChatModel(inputs.model, 'Language Model')
    // Filled now, so a prompt with a variable nothing fills fails as this node's error.
    const { system, human } = fillPrompt(requirePrompt(inputs.prompt, 'Prompt'), scope.question)
    const request: ModelRequest = { ...(system ? { system } : {}), messages: [{ role: 'user', content: human }] }
    if (output === 'outputPrediction' && !isEnding) {
      // Text for the next node, not the answer: nothing is streamed to the user.
      return (await chat(model, { ...request, signal: scope.signal })).text
    }
    return modelAnswerer(model, async () => request)
  },
})
