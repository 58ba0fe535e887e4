import { defineNode } from '../define-node.js'
import { hostedChatModel, type HostedService } from '../providers/hosted-chat.js'
import { serverAddressParam, typedModelParam } from '../shared/hosted-model-params.js'
import { maxTokensParam, streamingParam, temperatureParam, timeoutParam, topPParam } from '../shared/model-params.js'

export const LOCAL_AI: HostedService = {
  nodeLabel: 'ChatLocalAI',
  provider: 'LocalAI',
  keyField: 'localAIApiKey',
  keyRequired: false,
  addressInput: 'basePath',
}

export default defineNode({
  descriptor: {
    label: 'ChatLocalAI',
    name: 'chatLocalAI',
    version: 1,
    type: 'ChatLocalAI',
    category: 'Chat Models',
    description: 'Chat with local models (llama.cpp, gpt4all and more) served by LocalAI.',
    icon: 'chatLocalAI.svg',
    color: '#7B3FE4',
    baseClasses: ['ChatLocalAI', 'BaseChatModel', 'BaseLanguageModel', 'Runnable'],
    credential: { label: 'Connect Credential', credentialNames: ['localAIApi'], optional: true },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      serverAddressParam('Base Path', 'http://localhost:8080/v1'),
      typedModelParam('gpt4all-lora-quantized.bin'),
      temperatureParam(0.9),
      streamingParam,
      maxTokensParam(),
      topPParam,
      timeoutParam,
    ],
  },
  run: async ({ inputs, credential, scope }) => hostedChatModel(LOCAL_AI, inputs, credential, scope.fetch),
})
