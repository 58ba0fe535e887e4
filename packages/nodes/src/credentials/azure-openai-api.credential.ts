import type { CredentialDescriptor } from '@weft/core'

// Flowise's azureOpenAIApi fields, plus an Endpoint for resources whose address is not
// `https://<instance>.openai.azure.com` (e.g. `*.cognitiveservices.azure.com`).

/** The api-version sent when the credential names none: the first that serves Assistants API v2. */
export const AZURE_DEFAULT_API_VERSION = '2024-05-01-preview'

export const azureOpenAIApi: CredentialDescriptor = {
  label: 'Azure OpenAI API',
  name: 'azureOpenAIApi',
  description: 'A key of an Azure OpenAI resource, with the resource it belongs to.',
  inputs: [
    { label: 'Azure OpenAI Api Key', name: 'azureOpenAIApiKey', type: 'password' },
    {
      label: 'Azure OpenAI Api Instance Name',
      name: 'azureOpenAIApiInstanceName',
      type: 'string',
      optional: true,
      placeholder: 'my-resource',
      description: 'The resource name: requests go to https://<instance name>.openai.azure.com unless Endpoint is set.',
    },
    {
      label: 'Azure OpenAI Api Deployment Name',
      name: 'azureOpenAIApiDeploymentName',
      type: 'string',
      optional: true,
      description: 'The deployment chat models use; an assistant names its own deployment as its model.',
    },
    {
      label: 'Azure OpenAI Api Version',
      name: 'azureOpenAIApiVersion',
      type: 'string',
      optional: true,
      placeholder: AZURE_DEFAULT_API_VERSION,
      description: `Sent as api-version; empty means ${AZURE_DEFAULT_API_VERSION}.`,
    },
    {
      label: 'Endpoint',
      name: 'azureOpenAIApiEndpoint',
      type: 'string',
      optional: true,
      placeholder: 'https://my-resource.openai.azure.com',
      description: "The resource's endpoint, when it is not https://<instance name>.openai.azure.com.",
    },
  ],
}
