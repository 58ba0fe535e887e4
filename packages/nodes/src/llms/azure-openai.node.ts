import { defineNode } from '../define-node.js'
import { azureCompletionModel } from '../providers/completion-llms.js'
import {
  frequencyPenaltyParam,
  maxTokensParam,
  presencePenaltyParam,
  temperatureParam,
  timeoutParam,
  topPParam,
} from '../shared/model-params.js'

export default defineNode({
  descriptor: {
    label: 'Azure OpenAI',
    name: 'azureOpenAI',
    version: 1,
    type: 'AzureOpenAI',
    category: 'LLMs',
    description: 'Complete text with a completion model deployed in your Azure OpenAI resource.',
    icon: 'azureOpenAI.svg',
    color: '#0062AD',
    baseClasses: ['AzureOpenAI', 'OpenAI', 'BaseLLM', 'BaseLanguageModel', 'Runnable'],
    credential: { label: 'Connect Credential', credentialNames: ['azureOpenAIApi'] },
    canvases: ['chatflow'],
    inputs: [
      {
        label: 'Model Name',
        name: 'modelName',
        type: 'string',
        description: 'Sent along with the call; Azure answers with the deployment the credential names.',
        placeholder: 'gpt-35-turbo-instruct',
        optional: true,
      },
      temperatureParam(0.9),
      maxTokensParam(),
      topPParam,
      frequencyPenaltyParam,
      presencePenaltyParam,
      timeoutParam,
    ],
  },
  run: async ({ inputs, credential, scope }) => azureCompletionModel(inputs, credential, scope.fetch),
})
