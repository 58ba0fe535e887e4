import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import agentAgentflow from './agent-agentflow.node.js'
import { runStep, testStep, type TestStepOptions } from './testing/test-step.js'

let mock: MockOpenAIServer

beforeAll(async () => {
  mock = await startMockOpenAI()
})
afterAll(() => mock.close())
beforeEach(() => {
  mock.requests.length = 0
})

const agentStep = (inputs: Record<string, unknown>, options: TestStepOptions = {}) =>
  testStep(agentAgentflow, {
    allowedUrls: [mock.url],
    ...options,
    inputs: {
      agentModel: 'chatOpenAICustom',
      agentModelConfig: { basePath: mock.baseURL, modelName: 'mock-model' },
      ...inputs,
    },
  })

const calculatorRow = { agentSelectedTool: 'calculator', agentSelectedToolRequiresHumanInput: false }

describe('the Agent step', () => {
  it('runs the tools the model calls, tells the caller, and answers with what the model writes next', async () => {
    mock.script({ toolCalls: [{ name: 'calculator', arguments: { expression: '6 * 7' } }] }, { text: 'It is 42.' })
    const step = agentStep({ agentTools: [calculatorRow] }, { run: { question: 'What is 6 times 7?' } })
    const result = await runStep(agentAgentflow, step)

    const used = [{ tool: 'calculator', toolInput: { expression: '6 * 7' }, toolOutput: '42' }]
    expect(step.events.filter((event) => event.event === 'usedTools')).toEqual([{ event: 'usedTools', data: used }])
    expect(result.output).toMatchObject({ content: 'It is 42.', usedTools: used })
    expect(step.streamed()).toBe('It is 42.')
    const offered = mock.requests[0]?.body?.tools as { function: { name: string } }[]
    expect(offered.map((tool) => tool.function.name)).toEqual(['calculator'])
    expect(JSON.stringify(mock.requests[1]?.body?.messages)).toContain('"role":"tool"')
  })

  it('calls a tool with the built-in responder too', async () => {
    const step = testStep(agentAgentflow, {
      inputs: { agentTools: [calculatorRow] },
      run: { question: 'What is 12 * 3?' },
    })
    const result = await runStep(agentAgentflow, step)

    expect(result.output.content).toBe('The calculator tool answered: 36.')
    expect(result.output.usedTools).toEqual([
      { tool: 'calculator', toolInput: { expression: '12 * 3' }, toolOutput: '36' },
    ])
  })

  it("builds each tool with its settings, in Flowise's spellings too", async () => {
    mock.script({ toolCalls: [{ name: 'requests_get', arguments: {} }] }, { text: 'The server lists mock-model.' })
    const row = {
      agentSelectedTool: 'requestsGet',
      agentSelectedToolConfig: { requestsGetUrl: `${mock.url}/v1/models`, agentSelectedTool: 'requestsGet' },
    }
    const result = await runStep(agentAgentflow, agentStep({ agentTools: [row] }))

    expect(mock.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /v1/chat/completions',
      'GET /v1/models',
      'POST /v1/chat/completions',
    ])
    expect(result.output.usedTools?.[0]?.toolOutput).toContain('mock-model')
  })

  it('answers as an LLM step without tools, and says so when a row picks no tool', async () => {
    mock.script({ text: 'No tools needed.' })
    const plain = await runStep(agentAgentflow, agentStep({}, { isLastStep: false }))
    expect(plain.output.content).toBe('No tools needed.')
    expect(plain.output.usedTools).toBeUndefined()
    expect(plain.turns).toEqual([{ role: 'userMessage', content: 'No tools needed.' }])

    await expect(runStep(agentAgentflow, agentStep({ agentTools: [{ agentSelectedTool: '' }] }))).rejects.toThrow(
      'Agent: tool 1 has no tool chosen.',
    )
  })
})
