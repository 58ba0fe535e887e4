import { defineNode } from '../define-node.js'
import { hostedChatModel, type HostedService } from '../providers/hosted-chat.js'
import { listKnownModels } from '../shared/known-models.js'
import {
  frequencyPenaltyParam,
  maxTokensParam,
  presencePenaltyParam,
  streamingParam,
  temperatureParam,
  timeoutParam,
  topKParam,
  topPParam,
} from '../shared/model-params.js'

export const PERPLEXITY: HostedService = {
  nodeLabel: 'ChatPerplexity',
  provider: 'Perplexity',
  defaultBaseURL: 'https://api.perplexity.ai',
  keyField: 'perplexityApiKey',
  keyRequired: true,
  credentialAddressField: 'perplexityApiBaseUrl',
  modelInput: 'model',
  defaultModel: 'sonar',
}

export default defineNode({
  descriptor: {
    label: 'ChatPerplexity',
    name: 'chatPerplexity',
    version: 1,
    type: 'ChatPerplexity',
    category: 'Chat Models',
    description: 'Chat with Perplexity Sonar models, which search the web to answer.',
    icon: 'chatPerplexity.svg',
    color: '#20808D',
    baseClasses: ['ChatPerplexity', 'BaseChatModel', 'BaseLanguageModel', 'Runnable'],
    credential: { label: 'Connect Credential', credentialNames: ['perplexityApi'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      { label: 'Model Name', name: 'model', type: 'asyncOptions', loadMethod: 'listModels', default: 'sonar' },
      temperatureParam(1),
      maxTokensParam(),
      { ...topPParam, label: 'Top P' },
      topKParam,
      presencePenaltyParam,
      frequencyPenaltyParam,
      streamingParam,
      timeoutParam,
    ],
  },
  loadMethods: {
    listModels: listKnownModels([
      'sonar',
      'sonar-pro',
      'sonar-reasoning',
      'sonar-reasoning-pro',
      'sonar-deep-research',
    ]),
  },
  run: async ({ inputs, credential, scope }) => hostedChatModel(PERPLEXITY, inputs, credential, scope.fetch),
})
