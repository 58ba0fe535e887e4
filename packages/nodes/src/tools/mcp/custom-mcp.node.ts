import { readMcpServerConfig, type McpServerConfig } from '@weft/core'
import { defineNode, type LoadMethodRequest } from '../../define-node.js'
import type { DirectTool } from '../../runtime/agent-tools.js'
import { chosenActions } from './chosen-actions.js'
import { callMcpTool, listMcpTools } from './mcp-client.js'

function configOf(raw: unknown): McpServerConfig {
  const reading = readMcpServerConfig(raw)
  if (reading.problem !== undefined) throw new Error(reading.problem)
  return reading.config
}

async function listActions({ inputs, fetch }: LoadMethodRequest) {
  const reading = readMcpServerConfig(inputs.mcpServerConfig)
  if (reading.problem !== undefined) return []
  const tools = await listMcpTools(reading.config, fetch)
  return tools.map((tool) => ({ label: tool.name, name: tool.name, description: tool.description }))
}

export default defineNode({
  descriptor: {
    label: 'Custom MCP',
    name: 'customMCP',
    version: 1,
    type: 'Custom MCP Tool',
    category: 'Tools (MCP)',
    description: 'The tools of an MCP server reached over HTTP (streamable HTTP or SSE), for an agent to call.',
    icon: 'customMCP.svg',
    color: '#5B5BD6',
    baseClasses: ['Tool'],
    canvases: ['chatflow', 'sequential'],
    inputs: [
      {
        label: 'MCP Server Config',
        name: 'mcpServerConfig',
        type: 'code',
        description:
          'JSON with the server\'s "url" and optional "headers" and "transport" (auto, streamable-http or sse). Local commands (stdio) are never run.',
        placeholder: '{\n  "url": "https://mcp.example.com/mcp",\n  "headers": { "Authorization": "Bearer …" }\n}',
      },
      {
        label: 'Available Actions',
        name: 'mcpActions',
        type: 'asyncMultiOptions',
        loadMethod: 'listActions',
        loadConfig: true,
        optional: true,
        description: 'The server tools the agent may call; none chosen means all of them.',
      },
    ],
  },
  loadMethods: { listActions },
  run: async ({ inputs, scope }): Promise<DirectTool[]> => {
    const config = configOf(inputs.mcpServerConfig)
    const chosen = chosenActions(inputs.mcpActions)
    const offered = await listMcpTools(config, scope.fetch)
    const missing = chosen.filter((name) => !offered.some((tool) => tool.name === name))
    if (missing.length)
      throw new Error(`The MCP server no longer offers ${missing.join(', ')}: choose its actions again.`)
    const tools = chosen.length ? offered.filter((tool) => chosen.includes(tool.name)) : offered
    return tools.map((tool) => ({
      kind: 'tool',
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema,
      execute: (input, signal) => callMcpTool(config, scope.fetch, tool.name, input, signal),
    }))
  },
})
