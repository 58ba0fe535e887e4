import { defineNode } from '../define-node.js'
import { replicateModel } from '../providers/replicate.js'
import { maxTokensParam, temperatureParam, topPParam } from '../shared/model-params.js'

export default defineNode({
  descriptor: {
    label: 'Replicate',
    name: 'replicate',
    version: 1,
    type: 'Replicate',
    category: 'LLMs',
    description: 'Complete text with an open model run on Replicate, through its predictions API.',
    icon: 'replicate.svg',
    color: '#EA2805',
    baseClasses: ['Replicate', 'BaseChatModel', 'LLM', 'BaseLLM', 'BaseLanguageModel', 'Runnable'],
    credential: { label: 'Connect Credential', credentialNames: ['replicateApi'] },
    canvases: ['chatflow'],
    inputs: [
      {
        label: 'Model',
        name: 'model',
        type: 'string',
        description: 'owner/name for its latest version, or owner/name:version.',
        placeholder: 'meta/meta-llama-3-8b-instruct',
      },
      temperatureParam(0.7),
      maxTokensParam(),
      topPParam,
      {
        label: 'Repetition Penalty',
        name: 'repetitionPenalty',
        type: 'number',
        step: 0.1,
        description: 'Above 1 discourages repeated words, below 1 encourages them.',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Additional Inputs',
        name: 'additionalInputs',
        type: 'json',
        description: "Any other inputs the model accepts, as listed on its page's API tab.",
        optional: true,
        additionalParams: true,
      },
    ],
  },
  run: async ({ inputs, credential, scope }) => replicateModel(inputs, credential, scope.fetch),
})
