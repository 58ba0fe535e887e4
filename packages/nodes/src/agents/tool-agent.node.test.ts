import type { LanguageModelV3StreamPart } from '@ai-sdk/provider'
import { MockLanguageModelV3 } from 'ai/test'
import { describe, expect, it } from 'vitest'
import type { ChatTurn } from '@weft/core'
import bufferMemory from '../memory/buffer-memory.node.js'
import type { ChatModel } from '../providers/chat-model.js'
import { answerOf, promptLines, recordingOfflineModel, runNode, testRun } from '../runtime/test-run.js'
import calculator from '../tools/calculator.node.js'
import customTool from '../tools/custom-tool.node.js'
import toolAgent from './tool-agent.node.js'

const orderStatusTool = (extra: Record<string, unknown> = {}) => ({
  customToolName: 'get_order_status',
  customToolDesc: 'Looks up the delivery status of an order by its number',
  customToolSchema: [{ property: 'orderId', type: 'string', description: 'The order number', required: true }],
  customToolFunc: 'return `Order ${$orderId} ships from ${$vars.warehouse} tomorrow`',
  ...extra,
})

describe('Tool Agent', () => {
  it('calls the calculator, answers with its result and lists the call once at the end', async () => {
    const run = testRun({ question: 'What is 12 * (3 + 4)?' })
    const { model, calls } = recordingOfflineModel()
    const tools = [await runNode(calculator, {}, run)]
    const answer = await answerOf(await runNode(toolAgent, { model, tools }, run, { isEnding: true }), run)

    const used = [{ tool: 'calculator', toolInput: { expression: '12 * (3 + 4)' }, toolOutput: '84' }]
    expect(answer.text).toBe('The calculator tool answered: 84.')
    expect(answer.usedTools).toEqual(used)
    expect(run.streamed()).toBe(answer.text)
    expect(run.events.filter((event) => event.event === 'usedTools')).toEqual([{ event: 'usedTools', data: used }])
    expect(run.events.at(-1)).toEqual({ event: 'usedTools', data: used })
    // The tool offered to the model, then its result sent back.
    expect(calls).toHaveLength(2)
    expect(calls[0]!.tools?.map((tool) => tool.name)).toEqual(['calculator'])
    expect(promptLines(calls[1]!)).toEqual(['user: What is 12 * (3 + 4)?', 'assistant: tool-call', 'tool: tool-result'])
  })

  it('runs a custom tool in the sandbox with the arguments as $name and the variables as $vars', async () => {
    const run = testRun({ question: 'use get_order_status {"orderId": "A-7"}', vars: { warehouse: 'Bergen' } })
    const tools = [await runNode(customTool, orderStatusTool(), run), await runNode(calculator, {}, run)]
    const { model, calls } = recordingOfflineModel()
    const answer = await answerOf(
      await runNode(toolAgent, { model, tools, systemMessage: 'Help with orders.' }, run),
      run,
    )

    expect(calls[0]!.tools?.find((tool) => tool.name === 'get_order_status')).toMatchObject({
      description: 'Looks up the delivery status of an order by its number',
      inputSchema: {
        type: 'object',
        properties: { orderId: { type: 'string', description: 'The order number' } },
        required: ['orderId'],
      },
    })
    expect(promptLines(calls[0]!)[0]).toBe('system: Help with orders.')
    expect(answer.usedTools).toEqual([
      { tool: 'get_order_status', toolInput: { orderId: 'A-7' }, toolOutput: 'Order A-7 ships from Bergen tomorrow' },
    ])
    expect(answer.text).toBe('The get_order_status tool answered: Order A-7 ships from Bergen tomorrow.')
  })

  it("tells the agent (and the user, under tools used) when a custom tool's code fails", async () => {
    const run = testRun({ question: 'use get_order_status {"orderId": "A-7"}' })
    const tools = [await runNode(customTool, orderStatusTool({ customToolFunc: 'while (true) {}' }), run)]
    const answer = await answerOf(await runNode(toolAgent, { model: recordingOfflineModel().model, tools }, run), run)
    expect(answer.usedTools?.[0]?.toolOutput).toBe('get_order_status failed. Custom code took longer than 1 s')
  })

  it("with Return Direct, the tool's answer is the answer and the model is not asked again", async () => {
    const run = testRun({ question: 'use get_order_status {"orderId": "B-2"}', vars: { warehouse: 'Oslo' } })
    const tools = [await runNode(customTool, orderStatusTool({ returnDirect: true }), run)]
    const { model, calls } = recordingOfflineModel()
    const answer = await answerOf(await runNode(toolAgent, { model, tools }, run), run)
    expect(answer.text).toBe('Order B-2 ships from Oslo tomorrow')
    expect(run.streamed()).toBe('Order B-2 ships from Oslo tomorrow')
    expect(answer.usedTools).toHaveLength(1)
    expect(calls).toHaveLength(1)
  })

  it('includes the memory history before the question', async () => {
    const stored: ChatTurn[] = [
      { role: 'userMessage', content: 'I have 3 boxes.' },
      { role: 'apiMessage', content: 'Noted.' },
    ]
    const run = testRun({ question: 'What is 3 * 4?', stored: { 'session-1': stored } })
    const { model, calls } = recordingOfflineModel()
    const memory = await runNode(bufferMemory, {}, run)
    const tools = [await runNode(calculator, {}, run)]
    await answerOf(await runNode(toolAgent, { model, tools, memory, systemMessage: 'Be exact.' }, run), run)
    expect(promptLines(calls[0]!)).toEqual([
      'system: Be exact.',
      'user: I have 3 boxes.',
      'assistant: Noted.',
      'user: What is 3 * 4?',
    ])
  })

  it('stops after Max Iterations rounds of tool calls and says so', async () => {
    // A test double that asks for the calculator every time and never answers.
    const stubborn = new MockLanguageModelV3({
      doStream: async () => ({
        stream: new ReadableStream<LanguageModelV3StreamPart>({
          start(controller) {
            controller.enqueue({
              type: 'tool-call',
              toolCallId: `call-${Math.random()}`,
              toolName: 'calculator',
              input: '{"expression":"1+1"}',
            })
            controller.enqueue({
              type: 'finish',
              finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
              usage: {
                inputTokens: { total: 1, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
                outputTokens: { total: 1, text: undefined, reasoning: undefined },
              },
            })
            controller.close()
          },
        }),
      }),
    })
    const model: ChatModel = {
      kind: 'chatModel',
      label: 'Stubborn test double',
      model: stubborn,
      settings: {},
      streaming: true,
    }
    const run = testRun({ question: 'add' })
    const tools = [await runNode(calculator, {}, run)]
    const answer = await answerOf(await runNode(toolAgent, { model, tools, maxIterations: '2' }, run), run)
    expect(stubborn.doStreamCalls).toHaveLength(3)
    expect(answer.usedTools).toHaveLength(3)
    expect(answer.text).toBe(
      'The agent did not answer within Max Iterations (2): it was still calling tools. Raise Max Iterations to give it more rounds.',
    )
  })

  it('refuses two tools with one name', async () => {
    const run = testRun()
    const tool = await runNode(customTool, orderStatusTool(), run)
    await expect(
      runNode(toolAgent, { model: recordingOfflineModel().model, tools: [tool, tool] }, run),
    ).rejects.toThrow('Two tools are named "get_order_status"')
  })
})
