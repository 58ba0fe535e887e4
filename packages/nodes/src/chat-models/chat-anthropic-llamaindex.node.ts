import { defineNode } from '../define-node.js'
import { anthropicChatModel } from '../providers/anthropic.js'
import { readString } from '../providers/node-inputs.js'
import { listKnownModels } from '../shared/known-models.js'
import { maxTokensParam, temperatureParam, topPParam } from '../shared/model-params.js'

// Flowise's LlamaIndex flavour of ChatAnthropic, which its LlamaIndex templates use. Weft has one
// engine, so it is the Anthropic chat model under Flowise's name and inputs.

/** LlamaIndex's undated Claude 3 names, as it sends them to Anthropic; other names go as given. */
const DATED: Record<string, string> = {
  'claude-3-opus': 'claude-3-opus-20240229',
  'claude-3-sonnet': 'claude-3-sonnet-20240229',
  'claude-3-haiku': 'claude-3-haiku-20240307',
  'claude-3-5-sonnet': 'claude-3-5-sonnet-20240620',
}

export default defineNode({
  descriptor: {
    label: 'ChatAnthropic (LlamaIndex)',
    name: 'chatAnthropic_LlamaIndex',
    version: 1,
    type: 'ChatAnthropic',
    category: 'Chat Models',
    description: "ChatAnthropic as Flowise's LlamaIndex flows name it: the same Anthropic chat model.",
    icon: 'chatAnthropic_LlamaIndex.svg',
    color: '#8A5A2B',
    baseClasses: ['ChatAnthropic', 'BaseChatModel_LlamaIndex', 'BaseChatModel', 'BaseLanguageModel', 'Runnable'],
    credential: { label: 'Connect Credential', credentialNames: ['anthropicApi'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      {
        label: 'Model Name',
        name: 'modelName',
        type: 'asyncOptions',
        loadMethod: 'listModels',
        default: 'claude-3-haiku',
      },
      temperatureParam(0.9),
      maxTokensParam('maxTokensToSample'),
      topPParam,
    ],
  },
  loadMethods: {
    listModels: listKnownModels([
      'claude-3-haiku',
      'claude-3-opus',
      'claude-3-sonnet',
      'claude-3-5-sonnet',
      'claude-sonnet-4-5',
      'claude-3-5-haiku-latest',
    ]),
  },
  // Flowise's node has no Base Path, so none saved with a flow is read: the key goes to Anthropic.
  run: async ({ inputs, credential, scope }) => {
    const modelName = readString(inputs.modelName) ?? 'claude-3-haiku'
    const { temperature, maxTokensToSample, topP } = inputs
    return anthropicChatModel(
      { modelName: DATED[modelName] ?? modelName, temperature, maxTokensToSample, topP },
      credential,
      scope.fetch,
    )
  },
})
