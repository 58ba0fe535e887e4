import type { ExecutedStep, Execution, FlowData } from '@weft/core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { agentflowData } from '../../../engine/src/testing/test-agentflow.js'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { templateFlow } from '../../../nodes/src/templates/template-flow.js'
import { testDialects } from '../test/dialects.js'
import { createFlow } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// Tools saved on the Tools page, picked by id in a Custom Tool node: by an agentflow Agent step
// (which the model, a stand-in OpenAI server on 127.0.0.1, asks to call it), by a Tool step, and
// by a chatflow's Tool Agent. The tool's code runs in the real sandbox.

const ORDER_TOOL = {
  name: 'get_order_status',
  description: 'Tells where an order is, by its number',
  color: '#4caf50',
  schema: JSON.stringify([{ property: 'orderId', type: 'string', description: 'The order number', required: true }]),
  func: 'return `Order ${$orderId} leaves ${$vars.warehouse} tomorrow`',
}

let mock: MockOpenAIServer
beforeAll(async () => {
  mock = await startMockOpenAI()
})
afterAll(() => mock.close())

describe.each(testDialects())('saved tools in flows on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  let toolId: string
  beforeEach(async () => {
    mock.requests.length = 0
    t = await startTestApp({ dialect, env: { WEFT_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' } })
    admin = await setUpAdmin(t.app)
    await admin.post('/api/v1/variables', { name: 'warehouse', value: 'Oslo' })
    const saved = await admin.post('/api/v1/tools', ORDER_TOOL)
    expect(saved.status).toBe(201)
    toolId = saved.body.id
  })
  afterEach(() => t.close())

  const ask = (flowId: string, question: string) => admin.post(`/api/v1/internal-prediction/${flowId}`, { question })

  async function stepsOf(executionId: string): Promise<ExecutedStep[]> {
    const res = await admin.get(`/api/v1/executions/${executionId}`)
    expect(res.status).toBe(200)
    return JSON.parse((res.body as Execution).executionData) as ExecutedStep[]
  }

  /** Start → Agent, the Agent offered the saved tool through a Custom Tool row. */
  function agentFlow(selectedTool: string): Promise<{ id: string }> {
    const flowData = agentflowData(
      [
        { id: 'startAgentflow_0' },
        {
          id: 'agentAgentflow_0',
          inputs: {
            agentModel: 'chatOpenAICustom',
            agentModelConfig: { basePath: mock.baseURL, modelName: 'mock-model' },
            agentEnableMemory: false,
            agentTools: [{ agentSelectedTool: 'customTool', agentSelectedToolConfig: { selectedTool } }],
          },
        },
      ],
      [['startAgentflow_0', 'agentAgentflow_0']],
    )
    return createFlow(admin, JSON.stringify(flowData), { type: 'AGENTFLOW' })
  }

  it('lets an Agent step call a saved tool, and shows the call in the answer and the execution', async () => {
    const flow = await agentFlow(toolId)
    mock.script(
      { toolCalls: [{ name: 'get_order_status', arguments: { orderId: 'A7' } }] },
      { text: 'It leaves tomorrow.' },
    )
    const answer = await ask(flow.id, 'Where is order A7?')

    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.text).toBe('It leaves tomorrow.')
    const call = { tool: 'get_order_status', toolInput: { orderId: 'A7' }, toolOutput: 'Order A7 leaves Oslo tomorrow' }
    expect(answer.body.usedTools).toEqual([call])
    const agentStep = (await stepsOf(answer.body.executionId)).find((step) => step.nodeId === 'agentAgentflow_0')
    expect(agentStep?.status).toBe('FINISHED')
    expect(agentStep?.data.output.usedTools).toEqual([call])

    // The model was offered the saved tool's name, description and arguments, then read its output.
    const chats = mock.requests.filter((request) => request.path === '/v1/chat/completions')
    expect(chats).toHaveLength(2)
    const offered = chats[0]!.body!.tools as { function: Record<string, unknown> }[]
    expect(offered.map((tool) => tool.function)).toMatchObject([
      {
        name: 'get_order_status',
        description: 'Tells where an order is, by its number',
        parameters: {
          type: 'object',
          properties: { orderId: { type: 'string', description: 'The order number' } },
          required: ['orderId'],
        },
      },
    ])
    const toolTurn = (chats[1]!.body!.messages as { role: string; content: unknown }[]).find((m) => m.role === 'tool')
    expect(JSON.stringify(toolTurn?.content)).toContain('Order A7 leaves Oslo tomorrow')
  })

  it('runs the saved tool as it is when the flow runs: an edit on the Tools page reaches the flow', async () => {
    const flow = await agentFlow(toolId)
    await admin.put(`/api/v1/tools/${toolId}`, { func: 'return "Order " + $orderId + " was delivered"' })
    mock.script({ toolCalls: [{ name: 'get_order_status', arguments: { orderId: 'B2' } }] }, { text: 'Delivered.' })
    const answer = await ask(flow.id, 'Where is order B2?')
    expect(answer.body.usedTools).toEqual([
      { tool: 'get_order_status', toolInput: { orderId: 'B2' }, toolOutput: 'Order B2 was delivered' },
    ])
  })

  it('fails a flow whose selected tool was deleted, naming it', async () => {
    const flow = await agentFlow(toolId)
    expect((await admin.delete(`/api/v1/tools/${toolId}`)).status).toBe(200)
    const answer = await ask(flow.id, 'Where is order A7?')
    expect(answer.status).toBe(500)
    expect(answer.body.message).toBe(
      `agentAgentflow_0: Select Tool: the saved tool ${toolId} no longer exists in this workspace: pick another tool or write one in the node.`,
    )
    expect(mock.requests).toEqual([])
  })

  it('lets a Tool step call a saved tool with the arguments set on the step', async () => {
    const flowData = agentflowData(
      [
        { id: 'startAgentflow_0' },
        {
          id: 'toolAgentflow_0',
          inputs: {
            toolAgentflowSelectedTool: 'customTool',
            toolAgentflowSelectedToolConfig: { toolAgentflowSelectedTool: 'customTool', selectedTool: toolId },
            toolInputArgs: [{ inputArgName: 'orderId', inputArgValue: '{{question}}' }],
          },
        },
      ],
      [['startAgentflow_0', 'toolAgentflow_0']],
    )
    const flow = await createFlow(admin, JSON.stringify(flowData), { type: 'AGENTFLOW' })
    const answer = await ask(flow.id, 'C3')

    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.text).toBe('Order C3 leaves Oslo tomorrow')
    const step = (await stepsOf(answer.body.executionId)).find((entry) => entry.nodeId === 'toolAgentflow_0')
    expect(step?.data.output.usedTools).toEqual([
      { tool: 'get_order_status', toolInput: { orderId: 'C3' }, toolOutput: 'Order C3 leaves Oslo tomorrow' },
    ])
    expect(mock.requests).toEqual([])
  })

  it('lets a chatflow’s Tool Agent call a saved tool picked in a Custom Tool node', async () => {
    const flow = templateFlow()
    const chatModel = flow.add('chatOpenAICustom', 0, 0, { basePath: mock.baseURL, modelName: 'mock-model' })
    const tool = flow.add('customTool', 0, 400, { selectedTool: toolId })
    const agent = flow.add('toolAgent', 400, 200)
    flow.connect(chatModel, agent, 'model')
    flow.connect(tool, agent, 'tools')
    const data: FlowData = flow.build()
    const saved = await createFlow(admin, JSON.stringify(data))
    mock.script({ toolCalls: [{ name: 'get_order_status', arguments: { orderId: 'D4' } }] }, { text: 'Tomorrow.' })
    const answer = await ask(saved.id, 'Where is order D4?')

    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.text).toBe('Tomorrow.')
    expect(answer.body.usedTools).toEqual([
      { tool: 'get_order_status', toolInput: { orderId: 'D4' }, toolOutput: 'Order D4 leaves Oslo tomorrow' },
    ])
  })
})
