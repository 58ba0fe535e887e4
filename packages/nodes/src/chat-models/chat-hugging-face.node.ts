import { defineNode } from '../define-node.js'
import { hostedChatModel, type HostedService } from '../providers/hosted-chat.js'
import { readServerAddress, readString, withoutTrailingSlash } from '../providers/node-inputs.js'
import { optionalTemperatureParam } from '../shared/hosted-model-params.js'
import { frequencyPenaltyParam, maxTokensParam, topPParam } from '../shared/model-params.js'

// Hugging Face's Inference Providers answer chat at the router's OpenAI-style API; an Inference
// Endpoint of your own (TGI) answers it under <endpoint>/v1.
export const HUGGING_FACE: HostedService = {
  nodeLabel: 'ChatHuggingFace',
  provider: 'Hugging Face',
  defaultBaseURL: 'https://router.huggingface.co/v1',
  keyField: 'huggingFaceApiKey',
  keyRequired: true,
  addressInput: 'endpoint',
  modelInput: 'model',
  stopInput: 'stop',
}

function withVersionPath(inputs: Record<string, unknown>): Record<string, unknown> {
  const endpoint = readServerAddress(inputs, 'endpoint')
  if (!endpoint) return inputs
  const address = withoutTrailingSlash(endpoint)
  return {
    ...inputs,
    endpoint: address.endsWith('/v1') ? address : `${address}/v1`,
    // A text generation endpoint serves one model, which it answers to as "tgi".
    model: readString(inputs.model) ?? 'tgi',
  }
}

export default defineNode({
  descriptor: {
    label: 'ChatHuggingFace',
    name: 'chatHuggingFace',
    version: 1,
    type: 'ChatHuggingFace',
    category: 'Chat Models',
    description: 'Chat with open models through Hugging Face Inference Providers or your own endpoint.',
    icon: 'chatHuggingFace.svg',
    color: '#FFD21E',
    baseClasses: ['ChatHuggingFace', 'BaseChatModel', 'BaseLanguageModel', 'Runnable'],
    credential: { label: 'Connect Credential', credentialNames: ['huggingFaceApi'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      {
        label: 'Model',
        name: 'model',
        type: 'string',
        description:
          'The model, with its provider after ":" when you choose one (deepseek-ai/DeepSeek-V3.2-Exp:novita).',
        placeholder: 'deepseek-ai/DeepSeek-V3.2-Exp:novita',
      },
      {
        label: 'Endpoint',
        name: 'endpoint',
        type: 'string',
        placeholder: 'https://xyz.eu-west-1.aws.endpoints.huggingface.cloud',
        description: 'Your own inference endpoint; leave blank to use Inference Providers.',
        optional: true,
      },
      optionalTemperatureParam,
      maxTokensParam(),
      topPParam,
      {
        label: 'Top K',
        name: 'hfTopK',
        type: 'number',
        step: 0.1,
        description: 'Sample only from this many most likely tokens, where the model supports it.',
        optional: true,
        additionalParams: true,
      },
      frequencyPenaltyParam,
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
  run: async ({ inputs, credential, scope }) =>
    hostedChatModel(HUGGING_FACE, withVersionPath(inputs), credential, scope.fetch),
})
