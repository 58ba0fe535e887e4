import { defineNode } from '../define-node.js'
import { hostedChatModel, type HostedService } from '../providers/hosted-chat.js'
import { serverAddressParam, typedModelParam } from '../shared/hosted-model-params.js'
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

export const OPEN_ROUTER: HostedService = {
  nodeLabel: 'ChatOpenRouter',
  provider: 'OpenRouter',
  defaultBaseURL: 'https://openrouter.ai/api/v1',
  keyField: 'openRouterApiKey',
  keyRequired: false,
  addressInput: 'basePath',
}

export default defineNode({
  descriptor: {
    label: 'ChatOpenRouter',
    name: 'chatOpenRouter',
    version: 1,
    type: 'ChatOpenRouter',
    category: 'Chat Models',
    description: 'Chat with the many models that OpenRouter routes to, through one API.',
    icon: 'chatOpenRouter.svg',
    color: '#6467F2',
    baseClasses: ['ChatOpenRouter', 'BaseChatModel', 'BaseLanguageModel', 'Runnable'],
    credential: { label: 'Connect Credential', credentialNames: ['openRouterApi'], optional: true },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      typedModelParam('openai/gpt-4o-mini'),
      temperatureParam(0.9),
      streamingParam,
      maxTokensParam(),
      topPParam,
      frequencyPenaltyParam,
      presencePenaltyParam,
      timeoutParam,
      serverAddressParam('BasePath', 'https://openrouter.ai/api/v1', 'https://openrouter.ai/api/v1'),
      baseOptionsParam,
    ],
  },
  run: async ({ inputs, credential, scope }) => hostedChatModel(OPEN_ROUTER, inputs, credential, scope.fetch),
})
