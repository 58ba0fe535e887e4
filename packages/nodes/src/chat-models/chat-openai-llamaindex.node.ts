import { defineNode } from '../define-node.js'
import { openAIChatModel } from '../providers/openai.js'
import { listKnownModels } from '../shared/known-models.js'
import { maxTokensParam, temperatureParam, timeoutParam, topPParam } from '../shared/model-params.js'
import chatOpenAI from './chat-openai.node.js'

// Flowise's LlamaIndex flavour of ChatOpenAI, which its LlamaIndex templates use. Weft has one engine,
// so it is the same OpenAI chat model under Flowise's name and inputs.

export default defineNode({
  descriptor: {
    label: 'ChatOpenAI (LlamaIndex)',
    name: 'chatOpenAI_LlamaIndex',
    version: 1,
    type: 'ChatOpenAI',
    category: 'Chat Models',
    description: "ChatOpenAI as Flowise's LlamaIndex flows name it: the same OpenAI chat model.",
    icon: 'chatOpenAI_LlamaIndex.svg',
    color: '#2B7FA8',
    baseClasses: ['ChatOpenAI', 'BaseChatModel_LlamaIndex', 'BaseChatModel', 'BaseLanguageModel', 'Runnable'],
    credential: { label: 'Connect Credential', credentialNames: ['openAIApi'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      {
        label: 'Model Name',
        name: 'modelName',
        type: 'asyncOptions',
        loadMethod: 'listModels',
        default: 'gpt-4o-mini',
        optional: true,
      },
      temperatureParam(0.9),
      maxTokensParam(),
      topPParam,
      timeoutParam,
    ],
  },
  loadMethods: { listModels: chatOpenAI.loadMethods?.listModels ?? listKnownModels(['gpt-4o-mini']) },
  // Flowise's node has no Base Path, so none saved with a flow is read: the key goes to OpenAI.
  run: async ({ inputs, credential, scope }) =>
    openAIChatModel({ ...inputs, basePath: undefined, basepath: undefined }, credential, scope.fetch),
})
