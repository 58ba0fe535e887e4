import { markFailure, redactSecrets, type FailureKind, type InputParam } from '@weft/core'
import { defineNode } from '../define-node.js'
import {
  buildHttpRequest,
  recordedHttpInputs,
  redactDeep,
  urlForMessages,
  type HttpStepRequest,
} from './plain-steps/http-request.js'
import { excerpt, streamIfLast } from './plain-steps/step-text.js'
import type { StepContext, StepResult } from './step.js'

/** An error about the request that names its method and address, never a secret. */
const requestError = (request: HttpStepRequest, problem: string, kind: FailureKind) =>
  markFailure(
    new Error(redactSecrets(`${request.method} ${urlForMessages(request.url)} ${problem}`, request.secrets)),
    kind,
  )

async function readResponse(
  response: Response,
  responseType: unknown,
  request: HttpStepRequest,
): Promise<{ content: string; json?: unknown }> {
  if (responseType === 'base64') return { content: Buffer.from(await response.arrayBuffer()).toString('base64') }
  const text = await response.text()
  if (responseType === 'text' || text.trim() === '') return { content: text }
  try {
    const json: unknown = JSON.parse(text)
    return { content: JSON.stringify(json, null, 2), json }
  } catch {
    throw requestError(
      request,
      `did not answer JSON; set Response Type to Text to read it as text. It answered: ${excerpt(text, 200)}`,
      'configuration',
    )
  }
}

/**
 * Sends the request through the run's outbound guard (which refuses private addresses, also after a
 * redirect) and passes the response on. Secrets never reach the output, the record or an error,
 * even when the server repeats them.
 */
async function httpStep(context: StepContext): Promise<StepResult> {
  const { inputs, run } = context
  // An input that cannot make a request is the flow's to fix (422).
  const request = await buildHttpRequest(inputs).catch((error: unknown) => {
    throw markFailure(error, 'configuration')
  })
  const { secrets } = request
  const response = await run.fetch(request.url, {
    method: request.method,
    headers: request.headers,
    ...(request.body !== undefined ? { body: request.body } : {}),
    signal: run.signal,
  })
  if (!response.ok) {
    const answer = excerpt(await response.text(), 200)
    throw requestError(
      request,
      `answered ${response.status} ${response.statusText}`.trim() + (answer ? `: ${answer}` : ''),
      'service',
    )
  }
  const { content, json } = await readResponse(response, inputs.responseType, request)
  const output = {
    content: redactSecrets(content, secrets),
    ...(json !== undefined ? { json: redactDeep(json, secrets) } : {}),
    status: response.status,
  }
  streamIfLast(context, output.content)
  return { output, input: recordedHttpInputs(inputs, secrets) }
}

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
  step: httpStep,
})
