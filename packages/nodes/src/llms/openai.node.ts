import { defineNode } from '../define-node.js'
import { openAICompletionModel } from '../providers/completion-llms.js'
import { listKnownModels } from '../shared/known-models.js'
import {
  baseOptionsParam,
  frequencyPenaltyParam,
  maxTokensParam,
  presencePenaltyParam,
  temperatureParam,
  timeoutParam,
  topPParam,
} from '../shared/model-params.js'
import { serverAddressParam } from '../shared/hosted-model-params.js'

export default defineNode({
  descriptor: {
    label: 'OpenAI',
    name: 'openAI',
    version: 1,
    type: 'OpenAI',
    category: 'LLMs',
    description: "Complete text with OpenAI's completion models (the completions API, not chat).",
    icon: 'openAI.svg',
    color: '#0E7C66',
    baseClasses: ['OpenAI', 'BaseLLM', 'BaseLanguageModel', 'Runnable'],
    credential: { label: 'Connect Credential', credentialNames: ['openAIApi'] },
    canvases: ['chatflow'],
    inputs: [
      {
        label: 'Model Name',
        name: 'modelName',
        type: 'asyncOptions',
        loadMethod: 'listModels',
        default: 'gpt-3.5-turbo-instruct',
      },
      temperatureParam(0.7),
      maxTokensParam(),
      topPParam,
      frequencyPenaltyParam,
      presencePenaltyParam,
      timeoutParam,
      { ...serverAddressParam('BasePath', 'https://api.openai.com/v1'), optional: true, additionalParams: true },
      baseOptionsParam,
    ],
  },
  loadMethods: { listModels: listKnownModels(['gpt-3.5-turbo-instruct', 'davinci-002', 'babbage-002']) },
  run: async ({ inputs, credential, scope }) => openAICompletionModel(inputs, credential, scope.fetch),
})
