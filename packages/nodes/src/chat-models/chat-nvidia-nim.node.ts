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

export const NVIDIA_NIM: HostedService = {
  nodeLabel: 'Chat NVIDIA NIM',
  provider: 'NVIDIA NIM',
  defaultBaseURL: 'https://integrate.api.nvidia.com/v1',
  keyField: 'nvidiaNIMApiKey',
  keyRequired: false,
  addressInput: 'basePath',
}

export default defineNode({
  descriptor: {
    label: 'Chat NVIDIA NIM',
    name: 'chatNvidiaNIM',
    version: 1,
    type: 'ChatNvidiaNIM',
    category: 'Chat Models',
    description: 'Chat with a model served by NVIDIA NIM, hosted by NVIDIA or deployed by you.',
    icon: 'chatNvidiaNIM.svg',
    color: '#76B900',
    baseClasses: ['ChatNvidiaNIM', 'BaseChatModel', 'BaseLanguageModel', 'Runnable'],
    credential: { label: 'Connect Credential', credentialNames: ['nvidiaNIMApi'], optional: true },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      typedModelParam('meta/llama-3.1-8b-instruct'),
      {
        ...serverAddressParam('Base Path', 'https://integrate.api.nvidia.com/v1'),
        description: 'The address of your deployed NIM; empty means NVIDIA-hosted endpoints.',
        optional: true,
      },
      temperatureParam(0.9),
      streamingParam,
      maxTokensParam(),
      topPParam,
      frequencyPenaltyParam,
      presencePenaltyParam,
      timeoutParam,
      baseOptionsParam,
    ],
  },
  run: async ({ inputs, credential, scope }) => hostedChatModel(NVIDIA_NIM, inputs, credential, scope.fetch),
})
