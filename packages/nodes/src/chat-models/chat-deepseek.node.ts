import { defineNode } from '../define-node.js'
import { hostedChatModel, type HostedService } from '../providers/hosted-chat.js'
import { listKnownModels } from '../shared/known-models.js'
import { stopSequenceParam } from '../shared/hosted-model-params.js'
import {
  baseOptionsParam,
  frequencyPenaltyParam,
  maxTokensParam,
  presencePenaltyParam,
  streamingParam,
  temperatureParam,
  timeoutParam,
  topPParam,
} from '../shared/model-params.js'

export const DEEPSEEK: HostedService = {
  nodeLabel: 'ChatDeepseek',
  provider: 'DeepSeek',
  defaultBaseURL: 'https://api.deepseek.com',
  keyField: 'deepseekApiKey',
  keyRequired: true,
  credentialAddressField: 'deepseekApiBaseUrl',
  defaultModel: 'deepseek-chat',
}

export default defineNode({
  descriptor: {
    label: 'ChatDeepseek',
    name: 'chatDeepseek',
    version: 1,
    type: 'chatDeepseek',
    category: 'Chat Models',
    description: 'Chat with DeepSeek models through the DeepSeek API.',
    icon: 'chatDeepseek.svg',
    color: '#4D6BFE',
    baseClasses: ['chatDeepseek', 'BaseChatModel', 'BaseLanguageModel', 'Runnable'],
    credential: { label: 'Connect Credential', credentialNames: ['deepseekApi'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      {
        label: 'Model Name',
        name: 'modelName',
        type: 'asyncOptions',
        loadMethod: 'listModels',
        default: 'deepseek-chat',
      },
      temperatureParam(0.7),
      streamingParam,
      maxTokensParam(),
      topPParam,
      frequencyPenaltyParam,
      presencePenaltyParam,
      timeoutParam,
      stopSequenceParam,
      baseOptionsParam,
    ],
  },
  loadMethods: { listModels: listKnownModels(['deepseek-chat', 'deepseek-reasoner']) },
  run: async ({ inputs, credential, scope }) => hostedChatModel(DEEPSEEK, inputs, credential, scope.fetch),
})
