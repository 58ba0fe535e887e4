import type { InputParam } from '@weft/core'
import { defineNode, notRunnableYet } from '../define-node.js'

const keyValueArray = (label: string, name: string, extra: Partial<InputParam> = {}): InputParam => ({
  label,
  name,
  type: 'array',
  optional: true,
  array: [
    { label: 'Key', name: 'key', type: 'string' },
    { label: 'Value', name: 'value', type: 'string', acceptVariable: true },
  ],
  ...extra,
})

const SENDS_BODY = { method: ['POST', 'PUT', 'PATCH'] }

export default defineNode({
  descriptor: {
    label: 'HTTP',
    name: 'httpAgentflow',
    version: 1,
    type: 'HTTP',
    category: 'Agent Flows',
    description: 'Call a web API and pass its response on to the next steps.',
    icon: 'httpAgentflow.svg',
    color: '#ADC030',
    baseClasses: ['HTTP'],
    canvases: ['agentflowV2'],
    inputs: [
      {
        label: 'Method',
        name: 'method',
        type: 'options',
        options: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].map((method) => ({ label: method, name: method })),
        default: 'GET',
      },
      {
        label: 'URL',
        name: 'url',
        type: 'string',
        placeholder: 'https://api.example.com/orders',
        acceptVariable: true,
      },
      keyValueArray('Headers', 'headers'),
      keyValueArray('Query Params', 'queryParams'),
      {
        label: 'Body Type',
        name: 'bodyType',
        type: 'options',
        options: [
          { label: 'JSON', name: 'json' },
          { label: 'Raw', name: 'raw' },
          { label: 'Form Data', name: 'formData' },
          { label: 'x-www-form-urlencoded', name: 'xWwwFormUrlencoded' },
        ],
        default: 'json',
        show: SENDS_BODY,
      },
      {
        label: 'Body',
        name: 'body',
        type: 'json',
        acceptVariable: true,
        optional: true,
        show: { ...SENDS_BODY, bodyType: 'json' },
      },
      {
        label: 'Body',
        name: 'bodyRaw',
        type: 'string',
        rows: 4,
        acceptVariable: true,
        optional: true,
        show: { ...SENDS_BODY, bodyType: 'raw' },
      },
      keyValueArray('Body', 'bodyForm', { show: { ...SENDS_BODY, bodyType: ['formData', 'xWwwFormUrlencoded'] } }),
      {
        label: 'Authentication',
        name: 'authType',
        type: 'options',
        options: [
          { label: 'None', name: 'none' },
          { label: 'Bearer Token', name: 'bearer' },
          { label: 'Basic Auth', name: 'basic' },
        ],
        default: 'none',
      },
      // Typed into the node, like the URL it goes with; exports strip password inputs.
      { label: 'Token', name: 'bearerToken', type: 'password', show: { authType: 'bearer' } },
      { label: 'Username', name: 'basicUsername', type: 'string', show: { authType: 'basic' } },
      { label: 'Password', name: 'basicPassword', type: 'password', show: { authType: 'basic' } },
      {
        label: 'Response Type',
        name: 'responseType',
        type: 'options',
        options: [
          { label: 'JSON', name: 'json' },
          { label: 'Text', name: 'text' },
          { label: 'Base64', name: 'base64', description: 'For files and images.' },
        ],
        default: 'json',
      },
    ],
  },
  run: notRunnableYet,
})
