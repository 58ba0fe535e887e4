import { defineNode } from '../define-node.js'
import { cohereChatModel } from '../providers/cohere.js'
import { listKnownModels } from '../shared/known-models.js'
import { temperatureParam } from '../shared/model-params.js'

const COHERE_CHAT_MODELS = ['command-r7b-12-2024', 'command-a-03-2025', 'command-r-plus-08-2024', 'command-r-08-2024']

export default defineNode({
  descriptor: {
    label: 'ChatCohere',
    name: 'chatCohere',
    version: 1,
    type: 'ChatCohere',
    category: 'Chat Models',
    description: 'Chat with Cohere Command models through the Cohere v2 API.',
    icon: 'chatCohere.svg',
    color: '#39594D',
    baseClasses: ['ChatCohere', 'BaseChatModel', 'BaseLanguageModel', 'Runnable'],
    credential: { label: 'Connect Credential', credentialNames: ['cohereApi'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      {
        label: 'Model Name',
        name: 'modelName',
        type: 'asyncOptions',
        loadMethod: 'listModels',
        default: 'command-r7b-12-2024',
      },
      temperatureParam(0.7),
      {
        label: 'Streaming',
        name: 'streaming',
        type: 'boolean',
        description: 'Send the answer token by token as it is written.',
        default: true,
        optional: true,
      },
    ],
  },
  loadMethods: { listModels: listKnownModels(COHERE_CHAT_MODELS) },
  run: async ({ inputs, credential, scope }) => cohereChatModel(inputs, credential, scope.fetch),
})
