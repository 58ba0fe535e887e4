import { defineNode } from '../define-node.js'
import { ollamaCompletionModel } from '../providers/completion-llms.js'
import { temperatureParam, topKParam, topPParam } from '../shared/model-params.js'
import { OLLAMA_DEFAULT_URL } from '../shared/server-models.js'

export default defineNode({
  descriptor: {
    label: 'Ollama',
    name: 'ollama',
    version: 1,
    type: 'Ollama',
    category: 'LLMs',
    description: 'Complete text with an open model running in Ollama, through its completions endpoint.',
    icon: 'ollama.svg',
    color: '#3B3B3B',
    baseClasses: ['Ollama', 'LLM', 'BaseLLM', 'BaseLanguageModel', 'Runnable'],
    canvases: ['chatflow'],
    inputs: [
      { label: 'Base URL', name: 'baseUrl', type: 'string', default: OLLAMA_DEFAULT_URL },
      { label: 'Model Name', name: 'modelName', type: 'string', placeholder: 'llama3.2' },
      temperatureParam(0.9),
      { ...topPParam, label: 'Top P' },
      topKParam,
      {
        label: 'Stop Sequence',
        name: 'stop',
        type: 'string',
        rows: 4,
        placeholder: 'AI assistant:',
        description: 'Words that end the answer when the model writes them, separated by commas.',
        optional: true,
        additionalParams: true,
      },
    ],
  },
  run: async ({ inputs, scope }) => ollamaCompletionModel(inputs, scope.fetch),
})
