import { defineNode } from '../define-node.js'
import type { Tool } from '../providers/chat-model.js'
import { readText } from '../runtime/read-input.js'
import { readHeaders, sendToolRequest } from './send-request.js'
import { headersParam, requestDescriptionParam, urlParam } from './request-params.js'

export default defineNode({
  descriptor: {
    label: 'Requests Delete',
    name: 'requestsDelete',
    version: 1,
    type: 'RequestsDelete',
    category: 'Tools',
    description: 'Let an agent delete something at an API with an HTTP DELETE request.',
    icon: 'requestsDelete.svg',
    color: '#B4533A',
    baseClasses: ['RequestsDelete', 'Tool', 'StructuredTool', 'Runnable'],
    canvases: ['chatflow', 'sequential'],
    inputs: [
      urlParam,
      requestDescriptionParam('Use to DELETE at a web address. The input is the URL; the output is the response.'),
      headersParam,
    ],
  },
  run: async ({ inputs, scope }): Promise<Tool> => {
    const fixedUrl = readText(inputs.url).trim()
    const headers = readHeaders(inputs.headers)
    return {
      kind: 'tool',
      name: 'requests_delete',
      description: readText(inputs.description).trim() || 'Deletes at a web address with an HTTP DELETE request.',
      inputSchema: fixedUrl
        ? { type: 'object', properties: {} }
        : {
            type: 'object',
            properties: { url: { type: 'string', description: 'The address to delete at' } },
            required: ['url'],
          },
      execute: (input, signal) =>
        sendToolRequest({
          method: 'DELETE',
          url: fixedUrl || readText(input.url).trim(),
          headers,
          signal,
          fetch: scope.fetch,
        }),
    }
  },
})
