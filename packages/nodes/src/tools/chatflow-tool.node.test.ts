import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { RunFlowRequest } from '../agent-flows/step.js'
import toolAgent from '../agents/tool-agent.node.js'
import chatOpenAICustom from '../chat-models/chat-openai-custom.node.js'
import type { DirectTool } from '../runtime/agent-tools.js'
import { answerOf, runNode, testRun } from '../runtime/test-run.js'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import { testFetch } from '../testing/test-fetch.js'
import chatflowTool from './chatflow-tool.node.js'

// The agent's model is a scripted OpenAI stand-in; the other flow is a recording stand-in for the
// server's runFlow (the server test runs real flows).

let mock: MockOpenAIServer
beforeAll(async () => {
  mock = await startMockOpenAI()
})
afterAll(() => mock.close())
beforeEach(() => {
  mock.requests.length = 0
})

function runWithFlows() {
  const asked: RunFlowRequest[] = []
  const run = testRun({
    question: 'Can I return shoes?',
    fetch: testFetch(mock.url),
    runFlow: async (request) => {
      asked.push(request)
      return { text: `Policy flow says: 30 days for "${request.question}"` }
    },
  })
  return { run, asked }
}

const toolInputs = (extra: Record<string, unknown> = {}) => ({
  selectedChatflow: 'policy-flow',
  name: 'return_policy',
  description: 'Answers questions about returns',
  ...extra,
})

describe('Chatflow Tool', () => {
  it("asks the picked flow the agent's question, with the override config, and the agent answers from it", async () => {
    mock.script(
      { toolCalls: [{ name: 'return_policy', arguments: { input: 'returning shoes' } }] },
      { text: 'Yes, within 30 days.' },
    )
    const { run, asked } = runWithFlows()
    const model = await runNode(chatOpenAICustom, { basePath: mock.baseURL, modelName: 'mock-model' }, run)
    const tool = await runNode(chatflowTool, toolInputs({ overrideConfig: '{"temperature": 0}' }), run)
    const answer = await answerOf(await runNode(toolAgent, { model, tools: [tool] }, run), run)

    expect(asked).toEqual([{ flowId: 'policy-flow', question: 'returning shoes', overrideConfig: { temperature: 0 } }])
    expect(answer.usedTools?.[0]?.toolOutput).toBe('Policy flow says: 30 days for "returning shoes"')
    expect(answer.text).toBe('Yes, within 30 days.')
  })

  it("sends the Custom Input, or the user's question when Use Question from Chat is on", async () => {
    const { run, asked } = runWithFlows()
    const custom = (await runNode(chatflowTool, toolInputs({ customInput: 'Summarise the policy' }), run)) as DirectTool
    const chat = (await runNode(chatflowTool, toolInputs({ useQuestionFromChat: true }), run)) as DirectTool
    await custom.execute({ input: 'ignored' }, run.scope.signal)
    await chat.execute({ input: 'ignored' }, run.scope.signal)
    expect(asked.map((request) => request.question)).toEqual(['Summarise the policy', 'Can I return shoes?'])
  })

  it('refuses to call its own flow, and names what is missing', async () => {
    const { run } = runWithFlows()
    await expect(runNode(chatflowTool, toolInputs({ selectedChatflow: run.scope.flowId }), run)).rejects.toThrow(
      'Chatflow Tool cannot call the flow it belongs to.',
    )
    await expect(runNode(chatflowTool, toolInputs({ selectedChatflow: '' }), run)).rejects.toThrow('Select Chatflow')
    await expect(runNode(chatflowTool, toolInputs({ description: '' }), run)).rejects.toThrow(
      'write a Tool Description',
    )
    const alone = testRun()
    const tool = (await runNode(chatflowTool, toolInputs(), alone)) as DirectTool
    await expect(tool.execute({ input: 'hi' }, alone.scope.signal)).rejects.toThrow('this run cannot call other flows')
  })
})
