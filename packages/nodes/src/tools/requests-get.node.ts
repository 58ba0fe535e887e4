import { defineNode } from '../define-node.js'
import type { Tool } from '../providers/chat-model.js'
import { readText } from '../runtime/read-input.js'
import { readHeaders, sendToolRequest } from './send-request.js'
import { headersParam, requestDescriptionParam, urlParam } from './request-params.js'

export default defineNode({
  descriptor: {
    label: 'Requests Get',
    name: 'requestsGet',
    version: 1,
    type: 'RequestsGet',
    category: 'Tools',
    description: 'Let an agent read a web address or API with an HTTP GET request.',
    icon: 'requestsGet.svg',
    color: '#1D8775',
    baseClasses: ['RequestsGet', 'Tool', 'StructuredTool', 'Runnable'],
    canvases: ['chatflow', 'sequential'],
    inputs: [
      urlParam,
      requestDescriptionParam(
        'Use to GET content from a web address. The input is the URL; the output is the response.',
      ),
      headersParam,
    ],
  },
  run: async ({ inputs, scope }): Promise<Tool> => {
    const fixedUrl = readText(inputs.url).trim()
    const headers = readHeaders(inputs.headers)
    return {
      kind: 'tool',
      name: 'requests_get',
      description: readText(inputs.description).trim() || 'Reads a web address with an HTTP GET request.',
      // With a URL set the agent only decides when to call; without one it also chooses the address.
      inputSchema: fixedUrl
        ? { type: 'object', properties: {} }
        : {
            type: 'object',
            properties: { url: { type: 'string', description: 'The address to read' } },
            required: ['url'],
          },
      execute: (input, signal) =>
        sendToolRequest({
          method: 'GET',
          url: fixedUrl || readText(input.url).trim(),
          headers,
          signal,
          fetch: scope.fetch,
        }),
    }
  },
})
