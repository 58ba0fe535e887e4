import { defineNode } from '../define-node.js'
import { huggingFaceInferenceModel } from '../providers/hugging-face-inference.js'
import { optionalTemperatureParam } from '../shared/hosted-model-params.js'
import { frequencyPenaltyParam, maxTokensParam, topPParam } from '../shared/model-params.js'

export default defineNode({
  descriptor: {
    label: 'HuggingFace Inference',
    name: 'huggingFaceInference_LLMs',
    version: 1,
    type: 'HuggingFaceInference',
    category: 'LLMs',
    description: 'Complete text with a model on the Hugging Face inference API or your own endpoint.',
    icon: 'huggingFaceInference_LLMs.svg',
    color: '#FF9D00',
    baseClasses: ['HuggingFaceInference', 'LLM', 'BaseLLM', 'BaseLanguageModel', 'Runnable'],
    credential: { label: 'Connect Credential', credentialNames: ['huggingFaceApi'] },
    canvases: ['chatflow'],
    inputs: [
      {
        label: 'Model',
        name: 'model',
        type: 'string',
        description: 'If using own inference endpoint, leave this blank.',
        placeholder: 'gpt2',
        optional: true,
      },
      {
        label: 'Endpoint',
        name: 'endpoint',
        type: 'string',
        description: 'The address of your own inference endpoint.',
        placeholder: 'https://xyz.eu-west-1.aws.endpoints.huggingface.cloud/gpt2',
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
        description: 'Sample only from this many most likely tokens.',
        optional: true,
        additionalParams: true,
      },
      { ...frequencyPenaltyParam, description: 'Sent as the repetition penalty.' },
    ],
  },
  run: async ({ inputs, credential, scope }) => huggingFaceInferenceModel(inputs, credential, scope.fetch),
})
