import { describe, expect, it } from 'vitest'
import { MCP_STDIO_REFUSED, readMcpServerConfig } from './mcp-server-config.js'

describe('readMcpServerConfig', () => {
  it('reads a URL with headers and a transport', () => {
    expect(
      readMcpServerConfig(
        '{"url": "https://mcp.example.com/mcp", "headers": {"Authorization": "Bearer x"}, "transport": "sse"}',
      ),
    ).toEqual({
      config: { url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer x' }, transport: 'sse' },
    })
    expect(readMcpServerConfig({ url: 'http://127.0.0.1:9000/mcp' }).config?.transport).toBe('auto')
  })

  it('refuses a command to run, as Flowise once ran one (CVE-2025-8943)', () => {
    expect(readMcpServerConfig({ command: 'npx', args: ['-y', 'some-server'] }).problem).toBe(MCP_STDIO_REFUSED)
    expect(readMcpServerConfig({ url: 'https://x.example', command: 'rm' }).problem).toBe(MCP_STDIO_REFUSED)
  })

  it('says what is wrong with anything else', () => {
    expect(readMcpServerConfig('').problem).toMatch(/empty/)
    expect(readMcpServerConfig('{url').problem).toMatch(/not JSON/)
    expect(readMcpServerConfig('[]').problem).toMatch(/JSON object/)
    expect(readMcpServerConfig({}).problem).toMatch(/needs "url"/)
    expect(readMcpServerConfig({ url: 'file:///etc/passwd' }).problem).toMatch(/http:\/\/ or https:\/\//)
    expect(readMcpServerConfig({ url: 'not a url' }).problem).toMatch(/not an address/)
    expect(readMcpServerConfig({ url: 'https://x.example', headers: { a: 1 } }).problem).toMatch(/header "a"/)
    expect(readMcpServerConfig({ url: 'https://x.example', transport: 'stdio' }).problem).toMatch(/transport/)
  })
})
