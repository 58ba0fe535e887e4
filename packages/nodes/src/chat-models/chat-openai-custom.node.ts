import { defineNode } from '../define-node.js'
import { openAICompatibleChatModel } from '../providers/openai-compatible.js'
import {
  baseOptionsParam,
  maxTokensParam,
  streamingParam,
  temperatureParam,
  timeoutParam,
  topPParam,
} from '../shared/model-params.js'
import { listOpenAICompatibleModels } from '../shared/server-models.js'
import { openAICompatibleParams } from '../shared/server-params.js'

export default defineNode({
  descriptor: {
    label: 'ChatOpenAI Compatible',
    name: 'chatOpenAICustom',
    version: 1,
    type: 'ChatOpenAI-Custom',
    category: 'Chat Models',
    description: 'Chat with any server that speaks the OpenAI API, such as vLLM, LM Studio or llama.cpp.',
    icon: 'chatOpenAICustom.svg',
    color: '#256ED4',
    baseClasses: ['ChatOpenAI-Custom', 'BaseChatModel', 'BaseLanguageModel', 'Runnable'],
    credential: { label: 'Connect Credential', credentialNames: ['openAIApi'], optional: true },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      ...openAICompatibleParams,
      temperatureParam(0.7),
      streamingParam,
      maxTokensParam(),
      topPParam,
      timeoutParam,
      baseOptionsParam,
    ],
  },
  loadMethods: { listModels: listOpenAICompatibleModels() },
  run: async ({ inputs, credential, scope }) => openAICompatibleChatModel(inputs, credential, scope.fetch),
})
