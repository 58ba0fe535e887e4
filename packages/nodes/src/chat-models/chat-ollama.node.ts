import { defineNode } from '../define-node.js'
import { ollamaChatModel } from '../providers/ollama.js'
import {
  allowImageUploadsParam,
  streamingParam,
  temperatureParam,
  topKParam,
  topPParam,
} from '../shared/model-params.js'
import { listOllamaModels } from '../shared/server-models.js'
import { ollamaParams } from '../shared/server-params.js'

export default defineNode({
  descriptor: {
    label: 'ChatOllama',
    name: 'chatOllama',
    version: 1,
    type: 'ChatOllama',
    category: 'Chat Models',
    description: 'Chat with open models such as Llama or Mistral running on your own Ollama server.',
    icon: 'chatOllama.svg',
    color: '#2BA8DA',
    baseClasses: ['ChatOllama', 'BaseChatModel', 'BaseLanguageModel', 'Runnable'],
    canvases: ['chatflow', 'sequential'],
    inputs: [
      ...ollamaParams('llama3.2'),
      temperatureParam(0.9),
      allowImageUploadsParam,
      streamingParam,
      {
        label: 'JSON Mode',
        name: 'jsonMode',
        type: 'boolean',
        description: 'Make the model answer with valid JSON.',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Keep Alive',
        name: 'keepAlive',
        type: 'string',
        description: 'How long Ollama keeps the model loaded after a call.',
        default: '5m',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Context Window Size',
        name: 'numCtx',
        type: 'number',
        description: 'How many tokens of context the model reads.',
        step: 1,
        optional: true,
        additionalParams: true,
      },
      topPParam,
      topKParam,
    ],
  },
  loadMethods: { listModels: listOllamaModels('llama3.2') },
  run: async ({ inputs, scope }) => ollamaChatModel(inputs, scope.fetch),
})
