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

export const CEREBRAS: HostedService = {
  nodeLabel: 'ChatCerebras',
  provider: 'Cerebras',
  defaultBaseURL: 'https://api.cerebras.ai/v1',
  keyField: 'cerebrasApiKey',
  keyRequired: false,
  addressInput: 'basePath',
}

export default defineNode({
  descriptor: {
    label: 'ChatCerebras',
    name: 'chatCerebras',
    version: 1,
    type: 'ChatCerebras',
    category: 'Chat Models',
    description: 'Chat with models served fast by the Cerebras Inference API.',
    icon: 'chatCerebras.svg',
    color: '#F15A29',
    baseClasses: ['ChatCerebras', 'BaseChatModel', 'BaseLanguageModel', 'Runnable'],
    credential: { label: 'Connect Credential', credentialNames: ['cerebrasAIApi'], optional: true },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      typedModelParam('llama3.1-8b'),
      temperatureParam(0.9),
      streamingParam,
      maxTokensParam(),
      topPParam,
      frequencyPenaltyParam,
      presencePenaltyParam,
      timeoutParam,
      serverAddressParam('BasePath', 'https://api.cerebras.ai/v1', 'https://api.cerebras.ai/v1'),
      baseOptionsParam,
    ],
  },
  run: async ({ inputs, credential, scope }) => hostedChatModel(CEREBRAS, inputs, credential, scope.fetch),
})
