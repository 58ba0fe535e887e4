import { isUnderServer, openApiCallUrl, openApiOperations, openApiServers, type OpenApiOperation } from '@weft/core'
import { defineNode, type LoadMethod, type RunScope } from '../define-node.js'
import { apiAddress, callApi } from '../net/call-api.js'
import { readBoolean } from '../providers/node-inputs.js'
import type { DirectTool } from '../runtime/agent-tools.js'
import { isRecord, readList, readText } from '../runtime/read-input.js'
import { MAX_API_ANSWER_BYTES, MAX_API_ANSWER_CHARS } from '../chains/api-chain.js'
import { headersParam } from './request-params.js'
import { readHeaders } from './send-request.js'
import { chooseServer, loadOpenApiSpec } from './openapi-spec.js'

// One tool per operation of an OpenAPI spec. Every call goes to the spec's server (or the one of its
// servers picked in Server) through the outbound guard; the model only fills in arguments, which are
// encoded into the path and query, so it cannot point a call anywhere else.

const withoutNulls = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutNulls)
  if (!isRecord(value)) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, inner]) => inner !== null)
      .map(([key, inner]) => [key, withoutNulls(inner)]),
  )
}

const cut = (text: string) => (text.length > MAX_API_ANSWER_CHARS ? `${text.slice(0, MAX_API_ANSWER_CHARS)}…` : text)

interface ToolSettings {
  server: string
  headers: Record<string, string>
  returnDirect: boolean
  removeNulls: boolean
  scope: RunScope
}

function operationTool(operation: OpenApiOperation, settings: ToolSettings): DirectTool {
  const { server, headers, scope } = settings
  return {
    kind: 'tool',
    name: operation.name,
    description: operation.description,
    inputSchema: operation.inputSchema,
    returnDirect: settings.returnDirect,
    execute: async (input, signal) => {
      const args = (settings.removeNulls ? withoutNulls(input) : input) as Record<string, unknown>
      try {
        const url = openApiCallUrl(server, operation, args)
        if (!isUnderServer(url, server)) throw new Error(`${apiAddress(url)} is not under the server ${server}.`)
        const response = await callApi({
          method: operation.method.toUpperCase() as Uppercase<typeof operation.method>,
          url,
          headers,
          ...(operation.hasBody && args.RequestBody !== undefined ? { body: args.RequestBody } : {}),
          fetch: scope.fetch,
          signal,
          maxBytes: MAX_API_ANSWER_BYTES,
        })
        return cut(response.ok ? response.text : `${response.status} ${response.statusText}: ${response.text}`.trim())
      } catch (error) {
        if (signal.aborted) throw error
        // The agent reads why the call was not made and can tell the user.
        return `${operation.name} was not called: ${error instanceof Error ? error.message : String(error)}`
      }
    },
  }
}

const listServers: LoadMethod = async ({ inputs, fetch, signal }) => {
  const spec = await loadOpenApiSpec(inputs, fetch, signal ?? new AbortController().signal)
  return openApiServers(spec).map((url) => ({ label: url, name: url }))
}

const listEndpoints: LoadMethod = async ({ inputs, fetch, signal }) => {
  const spec = await loadOpenApiSpec(inputs, fetch, signal ?? new AbortController().signal)
  return openApiOperations(spec)
    .map((operation) => ({ label: operation.name, name: operation.name, description: operation.description }))
    .sort((a, b) => a.label.localeCompare(b.label))
}

export default defineNode({
  descriptor: {
    label: 'OpenAPI Toolkit',
    name: 'openAPIToolkit',
    version: 1,
    type: 'OpenAPIToolkit',
    category: 'Tools',
    description: 'Give an agent one tool per endpoint of an API described by an OpenAPI specification.',
    icon: 'openAPIToolkit.svg',
    color: '#AD4C38',
    baseClasses: ['OpenAPIToolkit', 'Tool'],
    canvases: ['chatflow'],
    inputs: [
      {
        label: 'Input Type',
        name: 'inputType',
        type: 'options',
        options: [
          { label: 'Upload File', name: 'file' },
          { label: 'Provide Link', name: 'link' },
        ],
        default: 'file',
        description: 'Upload the OpenAPI specification, or give a link to it.',
      },
      {
        label: 'OpenAPI File',
        name: 'openApiFile',
        type: 'file',
        fileType: '.yaml,.json',
        description: 'The OpenAPI specification, YAML or JSON.',
        show: { inputType: 'file' },
      },
      {
        label: 'OpenAPI Link',
        name: 'openApiLink',
        type: 'string',
        placeholder: 'https://api.example.com/openapi.yaml',
        show: { inputType: 'link' },
      },
      {
        label: 'Server',
        name: 'selectedServer',
        type: 'asyncOptions',
        loadMethod: 'listServers',
        description: 'Which of the servers the specification lists to call; the first when empty.',
        optional: true,
        loadConfig: true,
      },
      {
        label: 'Available Endpoints',
        name: 'selectedEndpoints',
        type: 'asyncMultiOptions',
        loadMethod: 'listEndpoints',
        description: 'The endpoints to give the agent as tools; all when none is chosen.',
        optional: true,
        loadConfig: true,
      },
      {
        label: 'Return Direct',
        name: 'returnDirect',
        type: 'boolean',
        description: "The tool's answer is the flow's answer.",
        optional: true,
      },
      { ...headersParam, description: 'Sent with every call, only to the server of the specification.' },
      {
        label: 'Remove null parameters',
        name: 'removeNulls',
        type: 'boolean',
        description: 'Leave out the arguments the model set to null.',
        optional: true,
      },
    ],
  },
  loadMethods: { listServers, listEndpoints },
  run: async ({ inputs, scope }): Promise<DirectTool[]> => {
    const spec = await loadOpenApiSpec(inputs, scope.fetch, scope.signal)
    const server = chooseServer(spec, inputs.selectedServer)
    const selected = readSelected(inputs.selectedEndpoints)
    const operations = openApiOperations(spec).filter(
      (operation) => selected.length === 0 || selected.includes(operation.name),
    )
    if (!operations.length) throw new Error('OpenAPI Toolkit: the specification has no operation with an operationId.')
    const settings: ToolSettings = {
      server,
      headers: readHeaders(inputs.headers),
      returnDirect: readBoolean(inputs.returnDirect, false),
      removeNulls: readBoolean(inputs.removeNulls, false),
      scope,
    }
    return operations.map((operation) => operationTool(operation, settings))
  },
})

function readSelected(raw: unknown): string[] {
  if (typeof raw === 'string' && raw.trim().startsWith('[')) {
    try {
      return readList(JSON.parse(raw)).map(readText)
    } catch {
      return []
    }
  }
  return readList(raw).map(readText).filter(Boolean)
}
