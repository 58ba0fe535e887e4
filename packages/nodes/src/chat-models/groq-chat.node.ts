import { defineNode } from '../define-node.js'
import { groqChatModel } from '../providers/groq.js'
import { listKnownModels } from '../shared/known-models.js'
import { maxTokensParam, temperatureParam } from '../shared/model-params.js'

const GROQ_CHAT_MODELS = [
  'llama-3.3-70b-versatile',
  'llama-3.1-8b-instant',
  'openai/gpt-oss-120b',
  'openai/gpt-oss-20b',
  'qwen/qwen3-32b',
]

export default defineNode({
  descriptor: {
    label: 'GroqChat',
    name: 'groqChat',
    version: 1,
    type: 'GroqChat',
    category: 'Chat Models',
    description: 'Chat with open models served fast by Groq through its API.',
    icon: 'groqChat.svg',
    color: '#F55036',
    baseClasses: ['GroqChat', 'BaseChatModel', 'BaseLanguageModel', 'Runnable'],
    credential: { label: 'Connect Credential', credentialNames: ['groqApi'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      {
        label: 'Model Name',
        name: 'modelName',
        type: 'asyncOptions',
        loadMethod: 'listModels',
        default: 'llama-3.3-70b-versatile',
      },
      temperatureParam(0.9),
      {
        label: 'Streaming',
        name: 'streaming',
        type: 'boolean',
        description: 'Send the answer token by token as it is written.',
        default: true,
        optional: true,
      },
      maxTokensParam(),
    ],
  },
  loadMethods: { listModels: listKnownModels(GROQ_CHAT_MODELS) },
  run: async ({ inputs, credential, scope }) => groqChatModel(inputs, credential, scope.fetch),
})
