import type { InputParam } from '@weft/core'
import { OLLAMA_DEFAULT_URL } from './server-models.js'

// The address and model of a model server the user runs; chat models and embeddings ask alike.

export const openAICompatibleParams: InputParam[] = [
  {
    label: 'Base Path',
    name: 'basePath',
    type: 'string',
    description: 'The address of the server, usually ending in /v1.',
    placeholder: 'http://localhost:8000/v1',
  },
  {
    label: 'Model Name',
    name: 'modelName',
    type: 'asyncOptions',
    loadMethod: 'listModels',
    loadConfig: true,
    description: 'Listed from the server at the Base Path.',
  },
]

export const ollamaParams = (defaultModel: string): InputParam[] => [
  { label: 'Base URL', name: 'baseUrl', type: 'string', default: OLLAMA_DEFAULT_URL },
  {
    label: 'Model Name',
    name: 'modelName',
    type: 'asyncOptions',
    loadMethod: 'listModels',
    loadConfig: true,
    description: 'The models pulled into the Ollama server at the Base URL.',
    default: defaultModel,
  },
]
