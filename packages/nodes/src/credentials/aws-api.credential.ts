import type { CredentialDescriptor } from '@weft/core'

// Flowise's awsApi, plus the address of a Bedrock Runtime endpoint kept with the keys (a VPC
// endpoint or a proxy): Flowise's Bedrock nodes have no address input, so only whoever saves the
// keys decides where signed requests go. Unlike Flowise, Weft never falls back to the server's own
// AWS environment credentials: the keys must be in the credential.

export const awsApi: CredentialDescriptor = {
  label: 'AWS security credentials',
  name: 'awsApi',
  description: 'An access key pair of an IAM user or role allowed to call Amazon Bedrock.',
  inputs: [
    {
      label: 'AWS Access Key',
      name: 'awsKey',
      type: 'string',
      placeholder: '<AWS_ACCESS_KEY_ID>',
      description: 'The access key for your AWS account.',
    },
    {
      label: 'AWS Secret Access Key',
      name: 'awsSecret',
      type: 'password',
      placeholder: '<AWS_SECRET_ACCESS_KEY>',
      description: 'The secret key for your AWS account.',
    },
    {
      label: 'AWS Session Key',
      name: 'awsSession',
      type: 'password',
      placeholder: '<AWS_SESSION_TOKEN>',
      description: 'Only needed with temporary credentials.',
      optional: true,
    },
    {
      label: 'Bedrock Runtime Endpoint',
      name: 'bedrockEndpointUrl',
      type: 'string',
      placeholder: 'https://bedrock-runtime.us-east-1.amazonaws.com',
      description: "A VPC endpoint or proxy for Bedrock Runtime; empty means the region's public endpoint.",
      optional: true,
    },
  ],
}
