import { defineNode } from '../define-node.js'
import type { Tool } from '../providers/chat-model.js'
import { readJsonObject, readText } from '../runtime/read-input.js'
import { readHeaders, sendToolRequest } from './send-request.js'
import { headersParam, requestDescriptionParam, urlParam } from './request-params.js'

export default defineNode({
  descriptor: {
    label: 'Requests Put',
    name: 'requestsPut',
    version: 1,
    type: 'RequestsPut',
    category: 'Tools',
    description: 'Let an agent replace data at an API with an HTTP PUT request.',
    icon: 'requestsPut.svg',
    color: '#2B8C5E',
    baseClasses: ['RequestsPut', 'Tool', 'StructuredTool', 'Runnable'],
    canvases: ['chatflow', 'sequential'],
    inputs: [
      urlParam,
      {
        label: 'Body',
        name: 'body',
        type: 'json',
        description: 'Leave empty to let the agent write the body.',
        optional: true,
        additionalParams: true,
      },
      requestDescriptionParam(
        'Use to PUT data to a web address. The input is a JSON object with "url" and "data"; the output is the response.',
      ),
      headersParam,
    ],
  },
  run: async ({ inputs, scope }): Promise<Tool> => {
    const fixedUrl = readText(inputs.url).trim()
    const body = readJsonObject(inputs.body, 'Body')
    const fixedBody = Object.keys(body).length ? body : undefined
    const headers = readHeaders(inputs.headers)
    const properties: Record<string, unknown> = {}
    if (!fixedUrl) properties.url = { type: 'string', description: 'The address to send to' }
    if (!fixedBody) properties.data = { type: 'object', description: 'The JSON body to send' }
    return {
      kind: 'tool',
      name: 'requests_put',
      description: readText(inputs.description).trim() || 'Replaces data at a web address with an HTTP PUT request.',
      inputSchema: { type: 'object', properties, required: Object.keys(properties) },
      execute: (input, signal) =>
        sendToolRequest({
          method: 'PUT',
          url: fixedUrl || readText(input.url).trim(),
          headers,
          body: fixedBody ?? input.data ?? {},
          signal,
          fetch: scope.fetch,
        }),
    }
  },
})
