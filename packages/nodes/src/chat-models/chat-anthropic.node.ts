import { defineNode } from '../define-node.js'
import { anthropicChatModel } from '../providers/anthropic.js'
import { listKnownModels } from '../shared/known-models.js'
import {
  allowImageUploadsParam,
  maxTokensParam,
  streamingParam,
  temperatureParam,
  topKParam,
  topPParam,
} from '../shared/model-params.js'

const ANTHROPIC_CHAT_MODELS = [
  'claude-sonnet-4-5',
  'claude-sonnet-4-0',
  'claude-opus-4-1',
  'claude-opus-4-0',
  'claude-3-7-sonnet-latest',
  'claude-3-5-haiku-latest',
]

export default defineNode({
  descriptor: {
    label: 'ChatAnthropic',
    name: 'chatAnthropic',
    version: 1,
    type: 'ChatAnthropic',
    category: 'Chat Models',
    description: 'Chat with Anthropic Claude models through the Anthropic API.',
    icon: 'chatAnthropic.svg',
    color: '#1F6BB2',
    baseClasses: ['ChatAnthropic', 'BaseChatModel', 'BaseLanguageModel', 'Runnable'],
    credential: { label: 'Connect Credential', credentialNames: ['anthropicApi'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      {
        label: 'Model Name',
        name: 'modelName',
        type: 'asyncOptions',
        loadMethod: 'listModels',
        default: 'claude-sonnet-4-5',
      },
      temperatureParam(0.9),
      allowImageUploadsParam,
      streamingParam,
      maxTokensParam('maxTokensToSample'),
      topPParam,
      topKParam,
      {
        label: 'Extended Thinking',
        name: 'extendedThinking',
        type: 'boolean',
        description: 'Let the model think step by step before it answers (Claude 3.7 and later).',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Thinking Budget Tokens',
        name: 'budgetTokens',
        type: 'number',
        description: 'The most tokens the model may spend thinking.',
        step: 1,
        default: 1024,
        optional: true,
        additionalParams: true,
        show: { extendedThinking: true },
      },
      {
        label: 'Base Path',
        name: 'basePath',
        type: 'string',
        description: 'Send requests to this address instead of api.anthropic.com, for example a proxy.',
        placeholder: 'https://api.anthropic.com/v1',
        optional: true,
        additionalParams: true,
      },
    ],
  },
  loadMethods: { listModels: listKnownModels(ANTHROPIC_CHAT_MODELS) },
  run: async ({ inputs, credential, scope }) => anthropicChatModel(inputs, credential, scope.fetch),
})
