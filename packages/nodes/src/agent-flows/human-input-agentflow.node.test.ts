import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import humanInputAgentflow from './human-input-agentflow.node.js'
import { runStep, testStep, type TestStepOptions } from './testing/test-step.js'

let mock: MockOpenAIServer

beforeAll(async () => {
  mock = await startMockOpenAI()
})
afterAll(() => mock.close())

const run = (inputs: Record<string, unknown>, options: TestStepOptions = {}) =>
  runStep(humanInputAgentflow, testStep(humanInputAgentflow, { allowedUrls: [mock.url], ...options, inputs }))

const fixed = { humanInputDescriptionType: 'fixed', humanInputDescription: 'Send this email to Bo?' }

describe('the Human Input step', () => {
  it('pauses the run with its fixed description', async () => {
    expect(await run(fixed)).toEqual({
      output: { content: 'Send this email to Bo?' },
      pause: { question: 'Send this email to Bo?', enableFeedback: true },
    })
    expect((await run({ ...fixed, humanInputEnableFeedback: false })).pause).toEqual({
      question: 'Send this email to Bo?',
      enableFeedback: false,
    })
  })

  it('pauses with a description its model writes from the conversation', async () => {
    mock.script({ text: 'The draft thanks Bo for the order. Send it?' })
    const result = await run(
      {
        humanInputDescriptionType: 'dynamic',
        humanInputModel: 'chatOpenAICustom',
        humanInputModelConfig: { basePath: mock.baseURL, modelName: 'mock-model' },
        humanInputModelPrompt: 'Ask whether to send the draft.',
      },
      { history: [{ role: 'apiMessage', content: 'Draft: Thanks for your order, Bo!' }] },
    )

    expect(result.pause).toEqual({ question: 'The draft thanks Bo for the order. Send it?', enableFeedback: true })
    expect(result.output.content).toBe('The draft thanks Bo for the order. Send it?')
    expect(mock.requests.at(-1)?.body?.messages).toEqual([
      { role: 'assistant', content: 'Draft: Thanks for your order, Bo!' },
      { role: 'user', content: 'Ask whether to send the draft.' },
    ])
  })

  it('goes on down Proceed or Reject when resumed, with the feedback as the user message', async () => {
    const proceed = await run(fixed, {
      humanInput: { type: 'proceed', startNodeId: 'humanInputAgentflow_0', feedback: 'Add a signature.' },
    })
    expect(proceed).toMatchObject({
      next: [0],
      output: { content: 'Add a signature.' },
      turns: [{ role: 'userMessage', content: 'Add a signature.' }],
    })
    expect(proceed.pause).toBeUndefined()

    const reject = await run(fixed, { humanInput: { type: 'reject', startNodeId: 'humanInputAgentflow_0' } })
    expect(reject).toMatchObject({ next: [1], output: { content: 'Reject' }, turns: [] })
  })

  it('refuses to pause or resume after it expired', async () => {
    const expired = { ...fixed, humanInputExpiresOn: '2020-01-01T00:00:00.000Z' }
    await expect(run(expired)).rejects.toThrow('This approval expired on 2020-01-01T00:00:00.000Z.')
    await expect(
      run(expired, { humanInput: { type: 'proceed', startNodeId: 'humanInputAgentflow_0' } }),
    ).rejects.toThrow('This approval expired on 2020-01-01T00:00:00.000Z.')
    const later = { ...fixed, humanInputExpiresOn: new Date(Date.now() + 86_400_000).toISOString() }
    expect((await run(later)).pause?.question).toBe('Send this email to Bo?')
  })

  it('asks for a description when the fixed one is empty', async () => {
    await expect(run({ humanInputDescriptionType: 'fixed' })).rejects.toThrow(
      'Human Input: write the Description the person is asked to decide on.',
    )
  })
})
