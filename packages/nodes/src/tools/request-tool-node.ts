import { defineNode } from '../define-node.js'
import type { Tool } from '../providers/chat-model.js'
import { readJsonObject, readText } from '../runtime/read-input.js'
import { headersParam, requestDescriptionParam, urlParam } from './request-params.js'
import { readHeaders, sendToolRequest } from './send-request.js'

/** What tells one HTTP request tool from another: Flowise's names, its method, its look and its words. */
export interface RequestToolSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** e.g. `Requests Get` / `requestsGet` / `RequestsGet`. */
  label: string
  name: string
  type: string
  color: string
  /** What the node panel says. */
  description: string
  /** The default of the Description input, which tells the agent how to call it. */
  agentDescription: string
  /** What the tool says of itself when the Description input is emptied. */
  fallbackDescription: string
  /** POST and PUT send a JSON body: fixed in the Body input, or written by the agent. */
  withBody?: boolean
}

const bodyParam = {
  label: 'Body',
  name: 'body',
  type: 'json',
  description: 'Leave empty to let the agent write the body.',
  optional: true,
  additionalParams: true,
} as const

/**
 * An HTTP request tool node (Requests Get, Post, Put, Delete): with a URL set the agent only decides
 * when to call; without one it also chooses the address. Every call goes through the run's outbound guard.
 */
export function defineRequestTool(spec: RequestToolSpec) {
  return defineNode({
    descriptor: {
      label: spec.label,
      name: spec.name,
      version: 1,
      type: spec.type,
      category: 'Tools',
      description: spec.description,
      icon: `${spec.name}.svg`,
      color: spec.color,
      baseClasses: [spec.type, 'Tool', 'StructuredTool', 'Runnable'],
      canvases: ['chatflow', 'sequential'],
      inputs: [
        urlParam,
        ...(spec.withBody ? [bodyParam] : []),
        requestDescriptionParam(spec.agentDescription),
        headersParam,
      ],
    },
    run: async ({ inputs, scope }): Promise<Tool> => {
      const fixedUrl = readText(inputs.url).trim()
      const headers = readHeaders(inputs.headers)
      const body = spec.withBody ? readJsonObject(inputs.body, 'Body') : {}
      // An empty Body leaves the body to the agent.
      const fixedBody = Object.keys(body).length ? body : undefined
      const properties: Record<string, unknown> = {}
      if (!fixedUrl) properties.url = { type: 'string', description: 'The address to call' }
      if (spec.withBody && !fixedBody) properties.data = { type: 'object', description: 'The JSON body to send' }
      const required = Object.keys(properties)
      return {
        kind: 'tool',
        name: `requests_${spec.method.toLowerCase()}`,
        description: readText(inputs.description).trim() || spec.fallbackDescription,
        inputSchema: { type: 'object', properties, ...(required.length || spec.withBody ? { required } : {}) },
        execute: (input, signal) =>
          sendToolRequest({
            method: spec.method,
            url: fixedUrl || readText(input.url).trim(),
            headers,
            ...(spec.withBody ? { body: fixedBody ?? input.data ?? {} } : {}),
            signal,
            fetch: scope.fetch,
          }),
      }
    },
  })
}
