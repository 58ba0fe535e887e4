import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { z } from 'zod'

/** A real MCP server (the SDK's own) on 127.0.0.1, with two tools, over streamable HTTP at /mcp and SSE at /sse. */
export interface McpTestServer {
  url: string
  /** Each tool call the server received, by tool name and arguments. */
  calls: { name: string; input: unknown }[]
  /** The Authorization header of each request. */
  authorizations: (string | undefined)[]
  close: () => Promise<void>
}

function mcpServer(calls: McpTestServer['calls']): McpServer {
  const server = new McpServer({ name: 'orders', version: '1.0.0' })
  server.registerTool(
    'lookup_order',
    { description: 'Looks up the delivery status of an order by its number', inputSchema: { orderId: z.string() } },
    async ({ orderId }) => {
      calls.push({ name: 'lookup_order', input: { orderId } })
      return { content: [{ type: 'text', text: `Order ${orderId} ships on Friday.` }] }
    },
  )
  server.registerTool(
    'cancel_order',
    { description: 'Cancels an order', inputSchema: { orderId: z.string() } },
    async ({ orderId }) => {
      calls.push({ name: 'cancel_order', input: { orderId } })
      return {
        content: [{ type: 'text', text: `Order ${orderId} cannot be cancelled: it has shipped.` }],
        isError: true,
      }
    },
  )
  return server
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  let text = ''
  for await (const chunk of request) text += String(chunk)
  return text ? JSON.parse(text) : undefined
}

export async function startMcpTestServer(): Promise<McpTestServer> {
  const calls: McpTestServer['calls'] = []
  const authorizations: McpTestServer['authorizations'] = []
  const sse = new Map<string, SSEServerTransport>()
  const http: Server = createServer((request, response) => {
    authorizations.push(request.headers.authorization)
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://x').pathname
      if (path === '/mcp' && request.method === 'POST') {
        // Stateless: a server and transport for each request.
        const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined })
        await mcpServer(calls).connect(transport)
        await transport.handleRequest(request, response, await readBody(request))
        return
      }
      if (path === '/sse' && request.method === 'GET') {
        const transport = new SSEServerTransport('/messages', response)
        sse.set(transport.sessionId, transport)
        response.on('close', () => sse.delete(transport.sessionId))
        await mcpServer(calls).connect(transport)
        return
      }
      if (path === '/messages' && request.method === 'POST') {
        const id = new URL(request.url ?? '/', 'http://x').searchParams.get('sessionId') ?? ''
        const transport = sse.get(id)
        if (!transport) return response.writeHead(404).end('no such session')
        await transport.handlePostMessage(request, response, await readBody(request))
        return
      }
      response.writeHead(405).end('method not allowed')
    })().catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500).end(String(error))
    })
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const { port } = http.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    authorizations,
    close: () =>
      new Promise((resolve) => {
        http.closeAllConnections()
        http.close(() => resolve())
      }),
  }
}
