import type { InputParam } from '@weft/core'
import { listKnownModels } from './known-models.js'

// Region and model inputs of the Amazon Bedrock nodes, as Flowise's name them.

const AWS_REGIONS = [
  'us-east-1',
  'us-east-2',
  'us-west-1',
  'us-west-2',
  'ca-central-1',
  'sa-east-1',
  'eu-central-1',
  'eu-central-2',
  'eu-north-1',
  'eu-south-1',
  'eu-south-2',
  'eu-west-1',
  'eu-west-2',
  'eu-west-3',
  'ap-east-1',
  'ap-northeast-1',
  'ap-northeast-2',
  'ap-northeast-3',
  'ap-south-1',
  'ap-south-2',
  'ap-southeast-1',
  'ap-southeast-2',
  'ap-southeast-3',
  'ap-southeast-4',
  'me-central-1',
  'me-south-1',
  'il-central-1',
  'af-south-1',
  'us-gov-east-1',
  'us-gov-west-1',
]

export const listAwsRegions = listKnownModels(AWS_REGIONS)

export const regionParam: InputParam = {
  label: 'Region',
  name: 'region',
  type: 'asyncOptions',
  loadMethod: 'listRegions',
  default: 'us-east-1',
}

export const bedrockModelParam = (defaultModel: string): InputParam => ({
  label: 'Model Name',
  name: 'model',
  type: 'asyncOptions',
  loadMethod: 'listModels',
  default: defaultModel,
})

export const customModelParam: InputParam = {
  label: 'Custom Model Name',
  name: 'customModel',
  type: 'string',
  description: 'If provided, will override model selected from Model Name option.',
  optional: true,
}
