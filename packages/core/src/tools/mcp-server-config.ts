/** How Weft reaches an MCP server: over HTTP only, at a URL the flow's owner wrote. */
export interface McpServerConfig {
  url: string
  /** Sent with every request, e.g. an Authorization header the server asks for. */
  headers: Record<string, string>
  /** Streamable HTTP (the current protocol) or SSE (the older one); `auto` tries the first, then the second. */
  transport: 'auto' | 'streamable-http' | 'sse'
}

export type McpConfigReading =
  { config: McpServerConfig; problem?: undefined } | { problem: string; config?: undefined }

/**
 * Flowise's CVE-2025-8943: its Custom MCP node ran the `command` a user typed on the server. Weft
 * never starts a program for a flow, so a stdio configuration is refused with this.
 */
export const MCP_STDIO_REFUSED =
  'MCP servers started as local commands (stdio) are not supported: a flow must never run a program on the server. Run the MCP server yourself and give its URL, e.g. {"url": "https://mcp.example.com/mcp"}.'

const TRANSPORTS = ['auto', 'streamable-http', 'sse'] as const

/** Reads a Custom MCP node's server configuration (JSON text or object), or says what is wrong with it. */
export function readMcpServerConfig(raw: unknown): McpConfigReading {
  let value = raw
  if (typeof raw === 'string') {
    if (!raw.trim()) return { problem: 'MCP Server Config is empty: write {"url": "https://…"}.' }
    try {
      value = JSON.parse(raw)
    } catch {
      return { problem: 'MCP Server Config is not JSON: write {"url": "https://…"}.' }
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return { problem: 'MCP Server Config must be a JSON object such as {"url": "https://…"}.' }
  }
  const object = value as Record<string, unknown>
  if ('command' in object || 'args' in object) return { problem: MCP_STDIO_REFUSED }
  if (typeof object.url !== 'string' || !object.url.trim()) {
    return { problem: 'MCP Server Config needs "url": the address of the MCP server.' }
  }
  let url: URL
  try {
    url = new URL(object.url.trim())
  } catch {
    return { problem: `MCP Server Config "url" is not an address: ${object.url}` }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { problem: 'MCP Server Config "url" must start with http:// or https://.' }
  }
  const headers: Record<string, string> = {}
  if (object.headers !== undefined) {
    if (!object.headers || typeof object.headers !== 'object' || Array.isArray(object.headers)) {
      return { problem: 'MCP Server Config "headers" must be an object of header names to text values.' }
    }
    for (const [name, header] of Object.entries(object.headers)) {
      if (typeof header !== 'string') return { problem: `MCP Server Config header "${name}" must be text.` }
      headers[name] = header
    }
  }
  const transport = object.transport ?? 'auto'
  if (!TRANSPORTS.includes(transport as McpServerConfig['transport'])) {
    return { problem: `MCP Server Config "transport" must be one of ${TRANSPORTS.join(', ')}.` }
  }
  return { config: { url: url.href, headers, transport: transport as McpServerConfig['transport'] } }
}
