import { defineNode } from '../define-node.js'
import { azureChatModel } from '../providers/azure-openai.js'
import {
  allowImageUploadsParam,
  imageResolutionParam,
  maxTokensParam,
  streamingParam,
  temperatureParam,
  timeoutParam,
  topPParam,
  frequencyPenaltyParam,
  presencePenaltyParam,
} from '../shared/model-params.js'

export default defineNode({
  descriptor: {
    label: 'Azure ChatOpenAI',
    name: 'azureChatOpenAI',
    version: 1,
    type: 'AzureChatOpenAI',
    category: 'Chat Models',
    description:
      'Chat with an OpenAI model deployed in Azure OpenAI; the credential names the resource and deployment.',
    icon: 'azureChatOpenAI.svg',
    color: '#0078D4',
    baseClasses: ['AzureChatOpenAI', 'ChatOpenAI', 'BaseChatModel', 'BaseLanguageModel', 'Runnable'],
    credential: { label: 'Connect Credential', credentialNames: ['azureOpenAIApi'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      {
        label: 'Model Name',
        name: 'modelName',
        type: 'string',
        description:
          "The model behind the deployment; Azure answers with the credential's deployment whatever it says.",
        placeholder: 'gpt-4o',
        optional: true,
      },
      temperatureParam(0.9),
      streamingParam,
      maxTokensParam(),
      topPParam,
      frequencyPenaltyParam,
      presencePenaltyParam,
      timeoutParam,
      allowImageUploadsParam,
      imageResolutionParam,
    ],
  },
  run: async ({ inputs, credential, scope }) => azureChatModel(inputs, credential, scope.fetch),
})
