import { defineNode } from '../define-node.js'
import { googleChatModel } from '../providers/google.js'
import { listKnownModels } from '../shared/known-models.js'
import {
  allowImageUploadsParam,
  maxTokensParam,
  streamingParam,
  temperatureParam,
  topKParam,
  topPParam,
} from '../shared/model-params.js'

const GEMINI_CHAT_MODELS = ['gemini-2.5-flash', 'gemini-2.5-pro', 'gemini-2.5-flash-lite', 'gemini-2.0-flash']

const HARM_CATEGORIES = [
  { label: 'Dangerous', name: 'HARM_CATEGORY_DANGEROUS_CONTENT' },
  { label: 'Harassment', name: 'HARM_CATEGORY_HARASSMENT' },
  { label: 'Hate Speech', name: 'HARM_CATEGORY_HATE_SPEECH' },
  { label: 'Sexually Explicit', name: 'HARM_CATEGORY_SEXUALLY_EXPLICIT' },
]

const HARM_THRESHOLDS = [
  { label: 'Low and Above', name: 'BLOCK_LOW_AND_ABOVE' },
  { label: 'Medium and Above', name: 'BLOCK_MEDIUM_AND_ABOVE' },
  { label: 'None', name: 'BLOCK_NONE' },
  { label: 'Only High', name: 'BLOCK_ONLY_HIGH' },
  { label: 'Threshold Unspecified', name: 'HARM_BLOCK_THRESHOLD_UNSPECIFIED' },
]

export default defineNode({
  descriptor: {
    label: 'ChatGoogleGenerativeAI',
    name: 'chatGoogleGenerativeAI',
    version: 1,
    type: 'ChatGoogleGenerativeAI',
    category: 'Chat Models',
    description: 'Chat with Google Gemini models through the Gemini API (Google AI Studio).',
    icon: 'chatGoogleGenerativeAI.svg',
    color: '#1A73E8',
    baseClasses: ['ChatGoogleGenerativeAI', 'BaseChatModel', 'BaseLanguageModel', 'Runnable'],
    credential: { label: 'Connect Credential', credentialNames: ['googleGenerativeAI'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      {
        label: 'Model Name',
        name: 'modelName',
        type: 'asyncOptions',
        loadMethod: 'listModels',
        default: 'gemini-2.5-flash',
      },
      {
        label: 'Custom Model Name',
        name: 'customModelName',
        type: 'string',
        description: 'A model name that is not in the list; it replaces the chosen one.',
        placeholder: 'gemini-2.5-pro-exp',
        optional: true,
        additionalParams: true,
      },
      temperatureParam(0.9),
      streamingParam,
      { ...maxTokensParam('maxOutputTokens'), label: 'Max Output Tokens' },
      topPParam,
      { ...topKParam, label: 'Top Next Highest Probability Tokens' },
      {
        label: 'Harm Category',
        name: 'harmCategory',
        type: 'multiOptions',
        description: 'Kinds of harm to filter; pair each with a Harm Block Threshold, in the same order.',
        options: HARM_CATEGORIES,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Harm Block Threshold',
        name: 'harmBlockThreshold',
        type: 'multiOptions',
        description: 'How likely a harm must be before the answer is blocked, one per Harm Category.',
        options: HARM_THRESHOLDS,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Base URL',
        name: 'baseUrl',
        type: 'string',
        description: 'Send requests to this address instead of Google, for example a proxy.',
        placeholder: 'https://generativelanguage.googleapis.com',
        optional: true,
        additionalParams: true,
      },
      allowImageUploadsParam,
    ],
  },
  loadMethods: { listModels: listKnownModels(GEMINI_CHAT_MODELS) },
  run: async ({ inputs, credential, scope }) => googleChatModel(inputs, credential, scope.fetch),
})
