import { defineNode } from '../define-node.js'
import { hostedChatModel, type HostedService } from '../providers/hosted-chat.js'
import { serverAddressParam, typedModelParam } from '../shared/hosted-model-params.js'
import { maxTokensParam, streamingParam, temperatureParam, timeoutParam, topPParam } from '../shared/model-params.js'

export const LITELLM: HostedService = {
  nodeLabel: 'ChatLitellm',
  provider: 'LiteLLM',
  keyField: 'litellmApiKey',
  keyRequired: false,
  addressInput: 'basePath',
}

export default defineNode({
  descriptor: {
    label: 'ChatLitellm',
    name: 'chatLitellm',
    version: 1,
    type: 'ChatLitellm',
    category: 'Chat Models',
    description: 'Chat through a LiteLLM proxy, which speaks the OpenAI API for many providers.',
    icon: 'chatLitellm.svg',
    color: '#1B4F8A',
    baseClasses: ['ChatLitellm', 'BaseChatModel', 'BaseLanguageModel', 'Runnable'],
    credential: { label: 'Connect Credential', credentialNames: ['litellmApi'], optional: true },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      serverAddressParam('Base URL', 'http://localhost:4000'),
      typedModelParam('model_name'),
      temperatureParam(0.9),
      streamingParam,
      maxTokensParam(),
      { ...topPParam, label: 'Top P' },
      timeoutParam,
    ],
  },
  run: async ({ inputs, credential, scope }) => hostedChatModel(LITELLM, inputs, credential, scope.fetch),
})
