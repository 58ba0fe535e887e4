import { defineNode } from '../define-node.js'
import { mistralChatModel } from '../providers/mistral.js'
import { listKnownModels } from '../shared/known-models.js'
import { maxTokensParam, streamingParam, temperatureParam, topPParam } from '../shared/model-params.js'

const MISTRAL_CHAT_MODELS = [
  'mistral-small-latest',
  'mistral-medium-latest',
  'mistral-large-latest',
  'ministral-8b-latest',
  'open-mistral-nemo',
  'codestral-latest',
]

export default defineNode({
  descriptor: {
    label: 'ChatMistralAI',
    name: 'chatMistralAI',
    version: 1,
    type: 'ChatMistralAI',
    category: 'Chat Models',
    description: 'Chat with Mistral models through the Mistral AI API.',
    icon: 'chatMistralAI.svg',
    color: '#FA520F',
    baseClasses: ['ChatMistralAI', 'BaseChatModel', 'BaseLanguageModel', 'Runnable'],
    credential: { label: 'Connect Credential', credentialNames: ['mistralAIApi'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      {
        label: 'Model Name',
        name: 'modelName',
        type: 'asyncOptions',
        loadMethod: 'listModels',
        default: 'mistral-small-latest',
      },
      temperatureParam(0.9),
      streamingParam,
      { ...maxTokensParam('maxOutputTokens'), label: 'Max Output Tokens' },
      topPParam,
      {
        label: 'Random Seed',
        name: 'randomSeed',
        type: 'number',
        description: 'The same seed gives the same answer to the same prompt.',
        step: 1,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Safe Mode',
        name: 'safeMode',
        type: 'boolean',
        description: "Put Mistral's safety prompt before every conversation.",
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Override Endpoint',
        name: 'overrideEndpoint',
        type: 'string',
        description: 'Send requests to this address instead of api.mistral.ai, for example a proxy.',
        placeholder: 'https://api.mistral.ai',
        optional: true,
        additionalParams: true,
      },
    ],
  },
  loadMethods: { listModels: listKnownModels(MISTRAL_CHAT_MODELS) },
  run: async ({ inputs, credential, scope }) => mistralChatModel(inputs, credential, scope.fetch),
})
