import { defineNode } from '../define-node.js'
import { bedrockChatModel } from '../providers/bedrock.js'
import { bedrockModelParam, customModelParam, listAwsRegions, regionParam } from '../shared/aws-params.js'
import { listKnownModels } from '../shared/known-models.js'
import { streamingParam, temperatureParam } from '../shared/model-params.js'

const MODELS = [
  'anthropic.claude-3-haiku-20240307-v1:0',
  'anthropic.claude-3-5-sonnet-20240620-v1:0',
  'amazon.nova-lite-v1:0',
  'amazon.nova-pro-v1:0',
  'meta.llama3-1-8b-instruct-v1:0',
  'mistral.mistral-large-2402-v1:0',
]

export default defineNode({
  descriptor: {
    label: 'AWS ChatBedrock',
    name: 'awsChatBedrock',
    version: 1,
    type: 'AWSChatBedrock',
    category: 'Chat Models',
    description: 'Chat with the models of Amazon Bedrock (Claude, Nova, Llama, Mistral) through its Converse API.',
    icon: 'awsChatBedrock.svg',
    color: '#FF9900',
    baseClasses: ['AWSChatBedrock', 'BaseChatModel', 'BaseLanguageModel', 'Runnable'],
    credential: { label: 'AWS Credential', credentialNames: ['awsApi'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      regionParam,
      bedrockModelParam(MODELS[0]!),
      customModelParam,
      streamingParam,
      { ...temperatureParam(0.7), additionalParams: true },
      {
        label: 'Max Tokens to Sample',
        name: 'max_tokens_to_sample',
        type: 'number',
        step: 10,
        description: 'The longest answer, in tokens.',
        optional: true,
        additionalParams: true,
        default: 200,
      },
    ],
  },
  loadMethods: { listRegions: listAwsRegions, listModels: listKnownModels(MODELS) },
  run: async ({ inputs, credential, scope }) => bedrockChatModel(inputs, credential, scope.fetch),
})
