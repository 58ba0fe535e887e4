import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { McpServerConfig } from '@weft/core'
import type { OutboundFetch } from '../../net/outbound-guard.js'

/** A tool an MCP server offers, as its list answers it. */
export interface McpToolInfo {
  name: string
  description: string
  inputSchema: Record<string, unknown>
}

const CLIENT_INFO = { name: 'weft', version: '1.0.0' }

// Every request of both transports, the SSE stream included, goes through the outbound guard's
// fetch: an MCP server's address is one a user chose, so it gets the same SSRF rules as any other.
// The SDK loads with the first MCP call, not when the server starts.
async function transportOf(
  config: McpServerConfig,
  kind: 'streamable-http' | 'sse',
  fetch: OutboundFetch,
): Promise<Transport> {
  const options = { fetch, requestInit: { headers: config.headers } }
  if (kind === 'sse') {
    const { SSEClientTransport } = await import('@modelcontextprotocol/sdk/client/sse.js')
    return new SSEClientTransport(new URL(config.url), options)
  }
  const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js')
  return new StreamableHTTPClientTransport(new URL(config.url), options)
}

async function connectWith(config: McpServerConfig, kind: 'streamable-http' | 'sse', fetch: OutboundFetch) {
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js')
  const client = new Client(CLIENT_INFO)
  await client.connect(await transportOf(config, kind, fetch))
  return client
}

/**
 * Connects, runs `work` with the client, and closes the connection whatever happens. With `auto`,
 * a server that does not speak streamable HTTP is tried again over SSE.
 */
export async function withMcpClient<T>(
  config: McpServerConfig,
  fetch: OutboundFetch,
  work: (client: Client) => Promise<T>,
): Promise<T> {
  let client: Client
  if (config.transport === 'auto') {
    try {
      client = await connectWith(config, 'streamable-http', fetch)
    } catch (streamableError) {
      try {
        client = await connectWith(config, 'sse', fetch)
      } catch {
        throw streamableError
      }
    }
  } else {
    client = await connectWith(config, config.transport, fetch)
  }
  try {
    return await work(client)
  } finally {
    await client.close().catch(() => undefined)
  }
}

/** The server's tools. */
export async function listMcpTools(config: McpServerConfig, fetch: OutboundFetch): Promise<McpToolInfo[]> {
  return withMcpClient(config, fetch, async (client) => {
    const { tools } = await client.listTools()
    return tools.map((tool) => ({
      name: tool.name,
      description: tool.description ?? tool.name,
      inputSchema: tool.inputSchema as Record<string, unknown>,
    }))
  })
}

/** Calls one tool and answers its text content (other content kinds as JSON); a tool error throws with its text. */
export async function callMcpTool(
  config: McpServerConfig,
  fetch: OutboundFetch,
  name: string,
  input: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<string> {
  return withMcpClient(config, fetch, async (client) => {
    const result = await client.callTool({ name, arguments: input }, undefined, signal ? { signal } : undefined)
    const content = Array.isArray(result.content) ? (result.content as { type: string; text?: string }[]) : []
    const text = content
      .map((part) => (part.type === 'text' && typeof part.text === 'string' ? part.text : JSON.stringify(part)))
      .join('\n')
    if (result.isError) throw new Error(text || `${name} failed`)
    return text
  })
}
