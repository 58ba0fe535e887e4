import { defineNode } from '../define-node.js'
import { hostedChatModel, type HostedService } from '../providers/hosted-chat.js'
import { typedModelParam } from '../shared/hosted-model-params.js'
import { temperatureParam } from '../shared/model-params.js'

const DEFAULT_MODEL = 'accounts/fireworks/models/llama-v3p1-8b-instruct'

export const FIREWORKS: HostedService = {
  nodeLabel: 'ChatFireworks',
  provider: 'Fireworks',
  defaultBaseURL: 'https://api.fireworks.ai/inference/v1',
  keyField: 'fireworksApiKey',
  keyRequired: true,
  credentialAddressField: 'fireworksApiBaseUrl',
  defaultModel: DEFAULT_MODEL,
}

export default defineNode({
  descriptor: {
    label: 'ChatFireworks',
    name: 'chatFireworks',
    version: 1,
    type: 'ChatFireworks',
    category: 'Chat Models',
    description: 'Chat with open models served by Fireworks AI.',
    icon: 'chatFireworks.svg',
    color: '#6720FF',
    baseClasses: ['ChatFireworks', 'BaseChatModel', 'BaseLanguageModel', 'Runnable'],
    credential: { label: 'Connect Credential', credentialNames: ['fireworksApi'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [typedModelParam(DEFAULT_MODEL, 'Model', DEFAULT_MODEL), temperatureParam(0.9)],
  },
  run: async ({ inputs, credential, scope }) => hostedChatModel(FIREWORKS, inputs, credential, scope.fetch),
})
