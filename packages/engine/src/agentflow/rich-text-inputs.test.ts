import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { RunEvent } from '@weft/core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { testFetch } from '../../../nodes/src/testing/test-fetch.js'
import {
  agentflowData,
  testAgentflowRun,
  testAgentflowServices,
  type TestEdge,
  type TestStep,
} from '../testing/test-agentflow.js'
import type { AgentflowServices } from './agentflow-run.js'
import { runAgentflow } from './run-agentflow.js'

// Agentflow V2 steps of the catalogue whose inputs are HTML as Flowise 3's rich-text editor saves
// them: paragraphs, mention spans for variables, entities. Each step reads them as text, with the
// references resolved, and what it sends out (a prompt, a request, a question) carries no markup.

const mention = (reference: string) =>
  `<span class="variable" data-type="mention" data-id="${reference}" data-label="${reference}">{{ ${reference} }}</span>`
const paragraph = (...parts: string[]) => `<p>${parts.join('')}</p>`

let mock: MockOpenAIServer
let api: Server
let apiOrigin = ''
const apiRequests: { url: string; body: string }[] = []

beforeAll(async () => {
  mock = await startMockOpenAI()
  api = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      apiRequests.push({ url: req.url ?? '', body })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{"ok":true}')
    })
  })
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
  apiOrigin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`
})
afterAll(async () => {
  await mock.close()
  await new Promise<void>((resolve) => api.close(() => resolve()))
})
beforeEach(() => {
  mock.requests.length = 0
  mock.clearScript()
  apiRequests.length = 0
})

const model = (prefix: string) => ({
  [`${prefix}Model`]: 'chatOpenAICustom',
  [`${prefix}ModelConfig`]: { basePath: mock.baseURL, modelName: 'mock-model' },
})

async function ask(steps: TestStep[], edges: TestEdge[], question: string, overrides: Partial<AgentflowServices> = {}) {
  const services = testAgentflowServices([], { fetch: testFetch(mock.url, apiOrigin), ...overrides })
  const data = agentflowData(
    [{ id: 'startAgentflow_0', inputs: { startState: [{ key: 'next', value: '' }] } }, ...steps],
    edges,
  )
  const events: RunEvent[] = []
  for await (const event of runAgentflow(testAgentflowRun(data, { question }), services)) events.push(event)
  const answer = events.flatMap((event) => (event.event === 'token' ? [event.data] : [])).join('')
  const error = events.find((event) => event.event === 'error')?.data
  const execution = [...services.executions.records.values()].at(-1)!
  return { answer, error, events, execution }
}

const sentMessages = (index: number) => mock.requests[index]?.body?.messages as { role: string; content: string }[]

describe('rich-text inputs of agentflow V2 steps', () => {
  /** An LLM writes the worker into the state (as Supervisor Worker's does); a Condition compares it with `<p>SOFTWARE</p>`. */
  const routing = (): [TestStep[], TestEdge[]] => [
    [
      {
        id: 'llmAgentflow_0',
        inputs: {
          ...model('llm'),
          llmMessages: [{ role: 'system', content: '<p>Answer SOFTWARE or REVIEWER.</p>' }],
          llmUpdateState: [{ key: 'next', value: paragraph(mention('output'), ' ') }],
        },
      },
      {
        id: 'conditionAgentflow_0',
        inputs: {
          conditions: [
            {
              type: 'string',
              value1: paragraph(mention('$flow.state.next'), ' '),
              operation: 'equal',
              value2: '<p>SOFTWARE</p>',
            },
            {
              type: 'string',
              value1: paragraph(mention('$flow.state.next'), ' '),
              operation: 'equal',
              value2: '<p>REVIEWER</p>',
            },
          ],
        },
      },
      {
        id: 'directReplyAgentflow_0',
        inputs: {
          directReplyMessage:
            paragraph('Engineer: <strong>', mention('$flow.state.next'), '</strong>') + '<p>a &lt; b</p>',
        },
      },
      { id: 'directReplyAgentflow_1', inputs: { directReplyMessage: '<p>Reviewer</p>' } },
      { id: 'directReplyAgentflow_2', inputs: { directReplyMessage: '<p>Nobody</p>' } },
    ],
    [
      ['startAgentflow_0', 'llmAgentflow_0'],
      ['llmAgentflow_0', 'conditionAgentflow_0'],
      ['conditionAgentflow_0', 'directReplyAgentflow_0', 0],
      ['conditionAgentflow_0', 'directReplyAgentflow_1', 1],
      ['conditionAgentflow_0', 'directReplyAgentflow_2', 2],
    ],
  ]

  it('Condition compares the text of its values, so <p>SOFTWARE</p> equals the state "SOFTWARE"', async () => {
    mock.script({ text: 'SOFTWARE' }, { text: 'REVIEWER' })
    const software = await ask(...routing(), 'write code for me')
    expect(software.error).toBeUndefined()
    expect(software.answer).toBe('Engineer: **SOFTWARE**\n\na < b')
    const reviewer = await ask(...routing(), 'check this')
    expect(reviewer.answer).toBe('Reviewer')
    // The state the LLM's Update Flow State row wrote is the bare output, not markup.
    const condition = reviewer.execution.executionData.find((step) => step.nodeId === 'conditionAgentflow_0')!
    expect(condition.data.state).toMatchObject({ next: 'REVIEWER' })
    expect(sentMessages(0)[0]).toEqual({ role: 'system', content: 'Answer SOFTWARE or REVIEWER.' })
  })

  it('Iteration reads a JSON array written in a paragraph, and the LLM inside reads $iteration in its prompt', async () => {
    mock.script({ text: 'abc' }, { text: 'def' })
    const { answer, error } = await ask(
      [
        { id: 'iterationAgentflow_0', inputs: { iterationInput: '<p>[{"item": "abc"}, {"item": "def"}]</p>' } },
        {
          id: 'llmAgentflow_0',
          parentNode: 'iterationAgentflow_0',
          inputs: {
            ...model('llm'),
            llmEnableMemory: true,
            llmUserMessage: '<p>Reply only:</p><p>{{$iteration.item}}</p>',
          },
        },
        {
          id: 'directReplyAgentflow_0',
          inputs: { directReplyMessage: paragraph(mention('iterationAgentflow_0'), ' ') },
        },
      ],
      [
        ['startAgentflow_0', 'iterationAgentflow_0'],
        ['iterationAgentflow_0', 'directReplyAgentflow_0'],
      ],
      'go',
    )
    expect(error).toBeUndefined()
    expect(JSON.parse(answer)).toEqual(['abc', 'def'])
    expect([sentMessages(0).at(-1), sentMessages(1).at(-1)]).toEqual([
      { role: 'user', content: 'Reply only:\n\nabc' },
      { role: 'user', content: 'Reply only:\n\ndef' },
    ])
  })

  it('Custom Function reads its variables as text', async () => {
    const { answer, error } = await ask(
      [
        {
          id: 'customFunctionAgentflow_0',
          inputs: {
            customFunctionInputVariables: [{ variableName: 'ask', variableValue: paragraph(mention('question'), ' ') }],
            customFunctionJavascriptFunction: 'return JSON.stringify($ask)',
          },
        },
      ],
      [['startAgentflow_0', 'customFunctionAgentflow_0']],
      'Tom & Jerry',
    )
    expect(error).toBeUndefined()
    expect(answer).toBe('"Tom & Jerry"')
  })

  it('LLM and Agent send their messages as text, and Condition Agent its instructions and scenarios', async () => {
    mock.script({ text: 'SOFTWARE' }, { text: '{"output": "The user wants code"}' }, { text: 'Here is the code.' })
    const { answer, error } = await ask(
      [
        {
          id: 'llmAgentflow_0',
          inputs: {
            ...model('llm'),
            llmMessages: [
              { role: 'system', content: '<p>You route work.</p><p>- Software Engineer</p><p>- Code Reviewer</p>' },
            ],
            llmEnableMemory: true,
            llmUserMessage: paragraph('Who acts next on: ', mention('question'), ' ?'),
            llmUpdateState: [{ key: 'next', value: paragraph(mention('output'), ' ') }],
          },
        },
        {
          id: 'conditionAgentAgentflow_0',
          inputs: {
            ...model('conditionAgent'),
            conditionAgentInstructions: paragraph('Route on ', mention('$flow.state.next')),
            conditionAgentInput: paragraph(mention('question'), ' '),
            scenarios: [{ scenario: '<p>The user wants code</p>' }, { scenario: '<p>Anything else</p>' }],
          },
        },
        {
          id: 'agentAgentflow_0',
          inputs: {
            ...model('agent'),
            agentMessages: [
              { role: 'system', content: paragraph('You are the ', mention('$flow.state.next'), ' worker.') },
            ],
            agentEnableMemory: true,
            agentUserMessage: '<ol><li><p>Do: ' + mention('question') + '</p></li><li><p>Test it</p></li></ol>',
          },
        },
        { id: 'directReplyAgentflow_0', inputs: { directReplyMessage: '<p>Not mine</p>' } },
      ],
      [
        ['startAgentflow_0', 'llmAgentflow_0'],
        ['llmAgentflow_0', 'conditionAgentAgentflow_0'],
        ['conditionAgentAgentflow_0', 'agentAgentflow_0', 0],
        ['conditionAgentAgentflow_0', 'directReplyAgentflow_0', 1],
      ],
      'write a parser',
    )
    expect(error).toBeUndefined()
    expect(answer).toBe('Here is the code.')
    expect(sentMessages(0)).toEqual([
      { role: 'system', content: 'You route work.\n\n- Software Engineer\n\n- Code Reviewer' },
      { role: 'user', content: 'Who acts next on: write a parser ?' },
    ])
    const [routerSystem, routerInput] = sentMessages(1)
    expect(routerSystem!.content).toContain('Route on SOFTWARE')
    expect(routerSystem!.content).toContain('- The user wants code\n- Anything else')
    expect(routerInput!.content).toBe('write a parser')
    // The Agent sees the conversation so far (the LLM's answer among it) between its two messages.
    expect([sentMessages(2).at(0), sentMessages(2).at(-1)]).toEqual([
      { role: 'system', content: 'You are the SOFTWARE worker.' },
      { role: 'user', content: '1. Do: write a parser\n2. Test it' },
    ])
    expect(JSON.stringify(mock.requests.map((request) => request.body))).not.toMatch(/<\/?(p|span|ol|li)\b/)
  })

  it('Loop answers its fallback message as text once it is out of turns', async () => {
    mock.script({ text: 'Draft one.' }, { text: 'Draft two.' })
    const { answer, error } = await ask(
      [
        {
          id: 'llmAgentflow_0',
          inputs: { ...model('llm'), llmMessages: [{ role: 'system', content: '<p>Write a draft.</p>' }] },
        },
        {
          id: 'loopAgentflow_0',
          inputs: {
            loopBackToNode: 'llmAgentflow_0-LLM',
            maxLoopCount: 1,
            fallbackMessage: paragraph('Stopped at: ', mention('llmAgentflow_0'), ' '),
          },
        },
      ],
      [
        ['startAgentflow_0', 'llmAgentflow_0'],
        ['llmAgentflow_0', 'loopAgentflow_0'],
      ],
      'an essay',
    )
    expect(error).toBeUndefined()
    expect(answer).toBe('Stopped at: Draft two.')
  })

  it('HTTP sends its address, params and body as text', async () => {
    const { error } = await ask(
      [
        {
          id: 'httpAgentflow_0',
          inputs: {
            method: 'POST',
            url: `<p>${apiOrigin}/orders</p>`,
            queryParams: [{ key: 'who', value: paragraph(mention('question')) }],
            bodyType: 'json',
            body: '<p>{"item":</p><p>"' + mention('question') + '"}</p>',
          },
        },
      ],
      [['startAgentflow_0', 'httpAgentflow_0']],
      'tea',
    )
    expect(error).toBeUndefined()
    expect(apiRequests).toHaveLength(1)
    expect(apiRequests[0]!.url).toBe('/orders?who=tea')
    expect(JSON.parse(apiRequests[0]!.body)).toEqual({ item: 'tea' })
  })

  it('Execute Flow asks the other flow its input as text, and Human Input asks its description as text', async () => {
    const calls: string[] = []
    const called = await ask(
      [
        {
          id: 'executeFlowAgentflow_0',
          inputs: {
            executeFlowSelectedFlow: 'flow-2',
            executeFlowInput: paragraph('Summarise: ', mention('question')),
          },
        },
      ],
      [['startAgentflow_0', 'executeFlowAgentflow_0']],
      'the news',
      { runFlow: async ({ question }) => (calls.push(question), { text: 'Done.' }) },
    )
    expect(called.error).toBeUndefined()
    expect(calls).toEqual(['Summarise: the news'])

    const paused = await ask(
      [
        {
          id: 'humanInputAgentflow_0',
          inputs: {
            humanInputDescriptionType: 'fixed',
            humanInputDescription: paragraph('Send the reply to ', mention('question'), '?'),
          },
        },
      ],
      [['startAgentflow_0', 'humanInputAgentflow_0']],
      'Ada',
    )
    const action = paused.events.find((event) => event.event === 'action')?.data as { data: { input: string } }
    expect(action.data.input).toBe('Send the reply to Ada?')
  })
})
