import { defineNode } from '../define-node.js'
import { hostedChatModel, type HostedService } from '../providers/hosted-chat.js'
import { typedModelParam } from '../shared/hosted-model-params.js'
import { streamingParam, temperatureParam } from '../shared/model-params.js'

export const TOGETHER_AI: HostedService = {
  nodeLabel: 'ChatTogetherAI',
  provider: 'Together AI',
  defaultBaseURL: 'https://api.together.xyz/v1',
  keyField: 'togetherAIApiKey',
  keyRequired: true,
  credentialAddressField: 'togetherAIApiBaseUrl',
}

export default defineNode({
  descriptor: {
    label: 'ChatTogetherAI',
    name: 'chatTogetherAI',
    version: 1,
    type: 'ChatTogetherAI',
    category: 'Chat Models',
    description: 'Chat with open models hosted by Together AI.',
    icon: 'chatTogetherAI.svg',
    color: '#0F6FFF',
    baseClasses: ['ChatTogetherAI', 'BaseChatModel', 'BaseLanguageModel', 'Runnable'],
    credential: { label: 'Connect Credential', credentialNames: ['togetherAIApi'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      typedModelParam('meta-llama/Llama-3.3-70B-Instruct-Turbo'),
      temperatureParam(0.9),
      { ...streamingParam, additionalParams: false },
    ],
  },
  run: async ({ inputs, credential, scope }) => hostedChatModel(TOGETHER_AI, inputs, credential, scope.fetch),
})
