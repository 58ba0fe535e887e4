import { defineNode } from '../define-node.js'
import { hostedChatModel, type HostedService } from '../providers/hosted-chat.js'
import { typedModelParam } from '../shared/hosted-model-params.js'
import { maxTokensParam, streamingParam, temperatureParam } from '../shared/model-params.js'

export const XAI: HostedService = {
  nodeLabel: 'ChatXAI',
  provider: 'xAI',
  defaultBaseURL: 'https://api.x.ai/v1',
  keyField: 'xaiApiKey',
  keyRequired: true,
  credentialAddressField: 'xaiApiBaseUrl',
}

export default defineNode({
  descriptor: {
    label: 'ChatXAI',
    name: 'chatXAI',
    version: 1,
    type: 'ChatXAI',
    category: 'Chat Models',
    description: 'Chat with Grok models through the xAI API.',
    icon: 'chatXAI.svg',
    color: '#1D1D1F',
    baseClasses: ['ChatXAI', 'BaseChatModel', 'BaseLanguageModel', 'Runnable'],
    credential: { label: 'Connect Credential', credentialNames: ['xaiApi'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [typedModelParam('grok-3-mini', 'Model'), temperatureParam(0.9), streamingParam, maxTokensParam()],
  },
  run: async ({ inputs, credential, scope }) => hostedChatModel(XAI, inputs, credential, scope.fetch),
})
