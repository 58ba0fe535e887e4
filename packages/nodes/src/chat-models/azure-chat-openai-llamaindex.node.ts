import { defineNode } from '../define-node.js'
import { azureChatModel } from '../providers/azure-openai.js'
import { listKnownModels } from '../shared/known-models.js'
import { maxTokensParam, temperatureParam, timeoutParam, topPParam } from '../shared/model-params.js'

// Flowise's LlamaIndex flavour of Azure ChatOpenAI: the same Azure OpenAI chat model, at the
// credential's resource and deployment, under Flowise's name and inputs.

export default defineNode({
  descriptor: {
    label: 'AzureChatOpenAI (LlamaIndex)',
    name: 'azureChatOpenAI_LlamaIndex',
    version: 1,
    type: 'AzureChatOpenAI',
    category: 'Chat Models',
    description: "Azure ChatOpenAI as Flowise's LlamaIndex flows name it: the same Azure OpenAI chat model.",
    icon: 'azureChatOpenAI_LlamaIndex.svg',
    color: '#2C5FA8',
    baseClasses: ['AzureChatOpenAI', 'BaseChatModel_LlamaIndex', 'BaseChatModel', 'BaseLanguageModel', 'Runnable'],
    credential: { label: 'Connect Credential', credentialNames: ['azureOpenAIApi'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      {
        label: 'Model Name',
        name: 'modelName',
        type: 'asyncOptions',
        loadMethod: 'listModels',
        default: 'gpt-3.5-turbo-16k',
        description:
          "The model behind the deployment; Azure answers with the credential's deployment whatever it says.",
      },
      temperatureParam(0.9),
      maxTokensParam(),
      topPParam,
      timeoutParam,
    ],
  },
  loadMethods: {
    listModels: listKnownModels([
      'gpt-3.5-turbo-16k',
      'gpt-4o-mini',
      'gpt-4o',
      'gpt-4',
      'gpt-4-turbo',
      'gpt-4-32k',
      'gpt-35-turbo',
      'gpt-35-turbo-16k',
      'gpt-4.1-mini',
      'gpt-5-chat-latest',
    ]),
  },
  run: async ({ inputs, credential, scope }) => {
    const { modelName, temperature, maxTokens, topP, timeout } = inputs
    return azureChatModel({ modelName, temperature, maxTokens, topP, timeout }, credential, scope.fetch)
  },
})
