import { defineNode } from '../define-node.js'
import { llamaCppChatModel } from '../providers/llama-cpp-model.js'
import { maxTokensParam, streamingParam, temperatureParam, topKParam, topPParam } from '../shared/model-params.js'

export default defineNode({
  descriptor: {
    label: 'ChatLlamaCpp (local GGUF)',
    name: 'chatLlamaCpp',
    version: 1,
    type: 'ChatLlamaCpp',
    category: 'Chat Models',
    description:
      "Runs a GGUF model file on this machine's CPU with llama.cpp, inside Weft: no server, no key, no network.",
    icon: 'chatLlamaCpp.svg',
    color: '#7A4E2D',
    baseClasses: ['ChatLlamaCpp', 'BaseChatModel', 'BaseLanguageModel', 'Runnable'],
    canvases: ['chatflow', 'sequential'],
    inputs: [
      {
        label: 'Model Path',
        name: 'modelPath',
        type: 'string',
        description:
          'The name of a GGUF file in the models folder of the data folder (WEFT_HOME/models, by default ' +
          '~/.weft/models), or an absolute path to one.',
        placeholder: 'qwen2.5-0.5b-instruct-q4_k_m.gguf',
      },
      temperatureParam(0.8),
      maxTokensParam(),
      topPParam,
      topKParam,
      {
        label: 'Context Size',
        name: 'contextSize',
        type: 'number',
        description: 'How many tokens the model reads and writes in one call; more takes more memory.',
        step: 1,
        default: 2048,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Threads',
        name: 'threads',
        type: 'number',
        description: "CPU threads for the model; by default all of this machine's cores but one.",
        step: 1,
        optional: true,
        additionalParams: true,
      },
      streamingParam,
    ],
  },
  run: async ({ inputs }) => llamaCppChatModel(inputs),
})
