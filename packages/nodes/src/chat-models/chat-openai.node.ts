import { defineNode } from '../define-node.js'
import { openAIChatModel } from '../providers/openai.js'
import { listKnownModels } from '../shared/known-models.js'
import {
  allowImageUploadsParam,
  imageResolutionParam,
  baseOptionsParam,
  maxTokensParam,
  streamingParam,
  temperatureParam,
  timeoutParam,
  topPParam,
  frequencyPenaltyParam,
  presencePenaltyParam,
} from '../shared/model-params.js'

const OPENAI_CHAT_MODELS = [
  'gpt-4o-mini',
  'gpt-4o',
  'gpt-4.1',
  'gpt-4.1-mini',
  'gpt-4.1-nano',
  'gpt-5',
  'gpt-5-mini',
  'gpt-5-nano',
  'o3',
  'o3-mini',
  'o4-mini',
]

export default defineNode({
  descriptor: {
    label: 'ChatOpenAI',
    name: 'chatOpenAI',
    version: 1,
    type: 'ChatOpenAI',
    category: 'Chat Models',
    description: 'Chat with OpenAI models such as GPT-4o through the OpenAI API.',
    icon: 'chatOpenAI.svg',
    color: '#2285C3',
    baseClasses: ['ChatOpenAI', 'BaseChatModel', 'BaseLanguageModel', 'Runnable'],
    credential: { label: 'Connect Credential', credentialNames: ['openAIApi'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      {
        label: 'Model Name',
        name: 'modelName',
        type: 'asyncOptions',
        loadMethod: 'listModels',
        default: 'gpt-4o-mini',
      },
      temperatureParam(0.9),
      allowImageUploadsParam,
      imageResolutionParam,
      streamingParam,
      maxTokensParam(),
      topPParam,
      frequencyPenaltyParam,
      presencePenaltyParam,
      timeoutParam,
      {
        label: 'Base Path',
        name: 'basePath',
        type: 'string',
        description: 'Send requests to this address instead of api.openai.com, for example a proxy.',
        placeholder: 'https://api.openai.com/v1',
        optional: true,
        additionalParams: true,
      },
      baseOptionsParam,
    ],
  },
  loadMethods: { listModels: listKnownModels(OPENAI_CHAT_MODELS) },
  run: async ({ inputs, credential, scope }) => openAIChatModel(inputs, credential, scope.fetch),
})
