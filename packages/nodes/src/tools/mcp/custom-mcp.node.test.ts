import { MCP_STDIO_REFUSED } from '@weft/core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Tool } from '../../providers/chat-model.js'
import { runNode, testRun } from '../../runtime/test-run.js'
import { startMcpTestServer, type McpTestServer } from '../../testing/mcp-test-server.js'
import { testFetch } from '../../testing/test-fetch.js'
import customMCP from './custom-mcp.node.js'

let mcp: McpTestServer
beforeAll(async () => {
  mcp = await startMcpTestServer()
})
afterAll(() => mcp.close())
beforeEach(() => {
  mcp.calls.length = 0
  mcp.authorizations.length = 0
})

const allowed = () => testRun({ fetch: testFetch(mcp.url) })
const tools = async (inputs: Record<string, unknown>, run = allowed()) =>
  (await runNode(customMCP, inputs, run)) as Tool[]

describe.each(['streamable-http', 'sse', 'auto'] as const)('Custom MCP over %s', (transport) => {
  const config = () => ({
    url: `${mcp.url}${transport === 'sse' ? '/sse' : '/mcp'}`,
    headers: { Authorization: 'Bearer mcp-token' },
    transport,
  })

  it("offers the server's tools and calls them, with the configured headers", async () => {
    const offered = await tools({ mcpServerConfig: JSON.stringify(config()) })
    expect(offered.map((tool) => [tool.name, tool.description])).toEqual([
      ['lookup_order', 'Looks up the delivery status of an order by its number'],
      ['cancel_order', 'Cancels an order'],
    ])
    expect(offered[0]!.inputSchema).toMatchObject({ type: 'object', properties: { orderId: { type: 'string' } } })
    expect(await offered[0]!.execute({ orderId: 'A-17' }, new AbortController().signal)).toBe(
      'Order A-17 ships on Friday.',
    )
    expect(mcp.calls).toEqual([{ name: 'lookup_order', input: { orderId: 'A-17' } }])
    expect(mcp.authorizations.length).toBeGreaterThan(0)
    expect(mcp.authorizations.every((header) => header === 'Bearer mcp-token')).toBe(true)
  })
})

describe('Custom MCP', () => {
  const config = () => JSON.stringify({ url: `${mcp.url}/mcp` })

  it('offers only the chosen actions, and lists them for the picker', async () => {
    const offered = await tools({ mcpServerConfig: config(), mcpActions: '["lookup_order"]' })
    expect(offered.map((tool) => tool.name)).toEqual(['lookup_order'])
    const options = await customMCP.loadMethods!.listActions!({
      inputs: { mcpServerConfig: config() },
      fetch: testFetch(mcp.url),
    })
    expect(options.map((option) => option.name)).toEqual(['lookup_order', 'cancel_order'])
  })

  it("reports a tool's error as a failure with the server's text", async () => {
    const [, cancel] = await tools({ mcpServerConfig: config() })
    await expect(cancel!.execute({ orderId: 'A-17' }, new AbortController().signal)).rejects.toThrow(
      'Order A-17 cannot be cancelled: it has shipped.',
    )
  })

  it('says when a chosen action is gone from the server', async () => {
    await expect(tools({ mcpServerConfig: config(), mcpActions: ['refund_order'] })).rejects.toThrow(
      /no longer offers refund_order/,
    )
  })

  it('never runs a command (CVE-2025-8943), and reaches a private address only when the server allows it', async () => {
    await expect(
      tools({ mcpServerConfig: JSON.stringify({ command: 'touch', args: ['/tmp/weft-pwned'] }) }),
    ).rejects.toThrow(MCP_STDIO_REFUSED)
    await expect(tools({ mcpServerConfig: config() }, testRun({ fetch: testFetch() }))).rejects.toThrow(
      /could not reach .*WEFT_ALLOWED_PRIVATE_HOSTS/,
    )
    expect(mcp.calls).toEqual([])
    expect(mcp.authorizations).toEqual([])
  })
})
