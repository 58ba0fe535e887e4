import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { agentflowData } from '../../../engine/src/testing/test-agentflow.js'
import { startMcpTestServer, type McpTestServer } from '../../../nodes/src/testing/mcp-test-server.js'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { testDialects } from '../test/dialects.js'
import { createFlow } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// An agentflow Agent step given an MCP server's tools (a real MCP server of the SDK on 127.0.0.1),
// which the model (a stand-in OpenAI server) asks to call, and the outbound guard in the way of a
// private address the administrator did not allow.

let mock: MockOpenAIServer
let mcp: McpTestServer
beforeAll(async () => {
  mock = await startMockOpenAI()
  mcp = await startMcpTestServer()
})
afterAll(async () => {
  await mock.close()
  await mcp.close()
})

describe.each(testDialects())('MCP tools in flows on $name', (dialect) => {
  let t: TestApp | undefined
  let admin: Browser
  beforeEach(() => {
    mock.requests.length = 0
    mcp.calls.length = 0
  })
  afterEach(async () => {
    await t?.close()
    t = undefined
  })

  async function start(allowed: string) {
    t = await startTestApp({ dialect, env: { WEFT_ALLOWED_PRIVATE_HOSTS: allowed } })
    admin = await setUpAdmin(t.app)
  }

  function mcpAgentFlow(): Promise<{ id: string }> {
    const flowData = agentflowData(
      [
        { id: 'startAgentflow_0' },
        {
          id: 'agentAgentflow_0',
          inputs: {
            agentModel: 'chatOpenAICustom',
            agentModelConfig: { basePath: mock.baseURL, modelName: 'mock-model' },
            agentEnableMemory: false,
            agentTools: [
              {
                agentSelectedTool: 'customMCP',
                agentSelectedToolConfig: {
                  mcpServerConfig: JSON.stringify({ url: `${mcp.url}/mcp` }),
                  mcpActions: ['lookup_order'],
                },
              },
            ],
          },
        },
      ],
      [['startAgentflow_0', 'agentAgentflow_0']],
    )
    return createFlow(admin!, JSON.stringify(flowData), { type: 'AGENTFLOW' })
  }

  it("lets an Agent step call an MCP server's tool", async () => {
    await start(`${new URL(mock.url).host},${new URL(mcp.url).host}`)
    const flow = await mcpAgentFlow()
    mock.script({ toolCalls: [{ name: 'lookup_order', arguments: { orderId: 'B2' } }] }, { text: 'Friday.' })
    const answer = await admin.post(`/api/v1/internal-prediction/${flow.id}`, { question: 'When does B2 ship?' })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.text).toBe('Friday.')
    expect(answer.body.usedTools).toEqual([
      { tool: 'lookup_order', toolInput: { orderId: 'B2' }, toolOutput: 'Order B2 ships on Friday.' },
    ])
    const offered = mock.requests[0]!.body!.tools as { function: { name: string } }[]
    expect(offered.map((tool) => tool.function.name)).toEqual(['lookup_order'])
    expect(mcp.calls).toEqual([{ name: 'lookup_order', input: { orderId: 'B2' } }])
  })

  it('lets a Tool step call the one MCP action chosen for it', async () => {
    await start(new URL(mcp.url).host)
    const flowData = agentflowData(
      [
        { id: 'startAgentflow_0' },
        {
          id: 'toolAgentflow_0',
          inputs: {
            toolAgentflowSelectedTool: 'customMCP',
            toolAgentflowSelectedToolConfig: {
              mcpServerConfig: JSON.stringify({ url: `${mcp.url}/mcp` }),
              mcpActions: ['lookup_order'],
            },
            toolInputArgs: [{ inputArgName: 'orderId', inputArgValue: '{{question}}' }],
          },
        },
      ],
      [['startAgentflow_0', 'toolAgentflow_0']],
    )
    const flow = await createFlow(admin, JSON.stringify(flowData), { type: 'AGENTFLOW' })
    const answer = await admin.post(`/api/v1/internal-prediction/${flow.id}`, { question: 'C9' })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.text).toBe('Order C9 ships on Friday.')
    expect(mcp.calls).toEqual([{ name: 'lookup_order', input: { orderId: 'C9' } }])
  })

  it('refuses an MCP server at a private address the administrator did not allow', async () => {
    await start(new URL(mock.url).host)
    const flow = await mcpAgentFlow()
    const answer = await admin.post(`/api/v1/internal-prediction/${flow.id}`, { question: 'When does B2 ship?' })
    expect(JSON.stringify(answer.body)).toMatch(/could not reach http:\/\/127\.0\.0\.1/)
    expect(mcp.calls).toEqual([])
  })
})
