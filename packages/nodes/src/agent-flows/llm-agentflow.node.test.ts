import type { ChatTurn } from '@weft/core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import llmAgentflow from './llm-agentflow.node.js'
import { runStep, testStep, type TestStepOptions } from './testing/test-step.js'

let mock: MockOpenAIServer

beforeAll(async () => {
  mock = await startMockOpenAI()
})
afterAll(() => mock.close())
beforeEach(() => {
  mock.requests.length = 0
})

/** An LLM step asking the mock server, with `inputs` on top. */
const llmStep = (inputs: Record<string, unknown>, options: TestStepOptions = {}) =>
  testStep(llmAgentflow, {
    allowedUrls: [mock.url],
    ...options,
    inputs: {
      llmModel: 'chatOpenAICustom',
      llmModelConfig: { basePath: mock.baseURL, modelName: 'mock-model' },
      ...inputs,
    },
  })

const sentMessages = (index = 0) => mock.requests[index]?.body?.messages

const history: ChatTurn[] = [
  { role: 'userMessage', content: 'My name is Ada.' },
  { role: 'apiMessage', content: 'Nice to meet you, Ada.' },
  { role: 'userMessage', content: 'I live in Lyon.' },
  { role: 'apiMessage', content: 'Lyon is lovely.' },
  { role: 'userMessage', content: 'I like cats.' },
  { role: 'apiMessage', content: 'Cats are great.' },
]

describe('the LLM step', () => {
  it('streams its answer as tokens when it is the last step, after its messages and the question', async () => {
    mock.script({ text: 'Weft builds flows.', usage: { promptTokens: 12, completionTokens: 3 } })
    const step = llmStep({ llmMessages: [{ role: 'system', content: 'You are terse.' }] })
    const result = await runStep(llmAgentflow, step)

    expect(step.streamed()).toBe('Weft builds flows.')
    expect(mock.requests[0]?.body?.stream).toBe(true)
    expect(sentMessages()).toEqual([
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: 'What is Weft?' },
    ])
    expect(result.output).toEqual({
      content: 'Weft builds flows.',
      usageMetadata: { input_tokens: 12, output_tokens: 3, total_tokens: 15 },
    })
    expect(result.input).toEqual({ messages: sentMessages() })
    expect(result.usage).toEqual({ inputTokens: 12, outputTokens: 3, totalTokens: 15 })
  })

  it('streams nothing when another step follows, and asks without streaming', async () => {
    mock.script({ text: 'An intermediate answer.' })
    const step = llmStep({}, { isLastStep: false })
    const result = await runStep(llmAgentflow, step)

    expect(result.output.content).toBe('An intermediate answer.')
    expect(step.events.filter((event) => event.event === 'token')).toEqual([])
    expect(mock.requests[0]?.body?.stream).toBeFalsy()
  })

  it('adds its answer to the conversation as the user message, or as the flow answer when asked', async () => {
    mock.script({ text: 'First.' }, { text: 'Second.' })
    const asUser = await runStep(llmAgentflow, llmStep({}))
    const asAssistant = await runStep(llmAgentflow, llmStep({ llmReturnResponseAs: 'assistantMessage' }))

    expect(asUser.turns).toEqual([{ role: 'userMessage', content: 'First.' }])
    expect(asAssistant.turns).toEqual([{ role: 'apiMessage', content: 'Second.' }])
  })

  it('sends the whole conversation, only its last messages with a window, or none without memory', async () => {
    await runStep(llmAgentflow, llmStep({}, { history }))
    await runStep(llmAgentflow, llmStep({ llmMemoryType: 'windowSize', llmMemoryWindowSize: '2' }, { history }))
    await runStep(llmAgentflow, llmStep({ llmEnableMemory: false }, { history }))

    expect(sentMessages(0)).toHaveLength(7)
    expect(sentMessages(1)).toEqual([
      { role: 'user', content: 'I like cats.' },
      { role: 'assistant', content: 'Cats are great.' },
      { role: 'user', content: 'What is Weft?' },
    ])
    expect(sentMessages(2)).toEqual([{ role: 'user', content: 'What is Weft?' }])
  })

  it('sends its Input Message instead of the question, once', async () => {
    await runStep(
      llmAgentflow,
      llmStep(
        { llmUserMessage: 'Translate: bonjour' },
        { history: [{ role: 'userMessage', content: 'Translate: bonjour' }] },
      ),
    )
    expect(sentMessages()).toEqual([{ role: 'user', content: 'Translate: bonjour' }])
  })

  it('summarises the older turns with one call and sends the last four as they are', async () => {
    mock.script(
      { text: 'Ada lives in Lyon.', usage: { promptTokens: 20, completionTokens: 4 } },
      { text: 'Hello Ada.', usage: { promptTokens: 10, completionTokens: 2 } },
    )
    const result = await runStep(llmAgentflow, llmStep({ llmMemoryType: 'conversationSummary' }, { history }))

    const transcript = JSON.stringify(sentMessages(0))
    expect(transcript).toContain('User: My name is Ada.')
    expect(transcript).not.toContain('I like cats.')
    expect(sentMessages(1)).toEqual([
      { role: 'system', content: 'Summary of the earlier conversation: Ada lives in Lyon.' },
      { role: 'user', content: 'I live in Lyon.' },
      { role: 'assistant', content: 'Lyon is lovely.' },
      { role: 'user', content: 'I like cats.' },
      { role: 'assistant', content: 'Cats are great.' },
      { role: 'user', content: 'What is Weft?' },
    ])
    expect(result.usage).toEqual({ inputTokens: 30, outputTokens: 6, totalTokens: 36 })
  })

  const structured = [
    { key: 'city', type: 'string', description: 'Where the user lives' },
    { key: 'pets', type: 'stringArray' },
    { key: 'age', type: 'number' },
    { key: 'happy', type: 'boolean' },
    { key: 'mood', type: 'enum', enumValues: 'calm, busy' },
  ]

  it('asks for the JSON Structured Output keys and gives each as an output, the JSON as content', async () => {
    mock.script({
      text: '```json\n{"city": "Lyon", "pets": ["cat"], "age": "36", "happy": true, "mood": "calm"}\n```',
    })
    const step = llmStep({ llmStructuredOutput: structured })
    const result = await runStep(llmAgentflow, step)

    const system = (sentMessages() as { content: string }[])[0]!.content
    expect(system).toContain('"city": a text. Where the user lives')
    expect(system).toContain('"mood": the text "calm", "busy"')
    const values = { city: 'Lyon', pets: ['cat'], age: 36, happy: true, mood: 'calm' }
    expect(result.output).toMatchObject({ ...values, content: JSON.stringify(values, null, 2) })
    // Shown once it is read, never as raw JSON tokens.
    expect(step.streamed()).toBe(JSON.stringify(values, null, 2))
  })

  it('reads a JSON Array key as a list, telling the model the schema of its items', async () => {
    mock.script({ text: '{"visits": [{"city": "Nice"}, {"city": "Pau"}]}' })
    const schema = '{ "city": { "type": "string" } }'
    const step = llmStep({ llmStructuredOutput: [{ key: 'visits', type: 'jsonArray', jsonSchema: schema }] })
    const result = await runStep(llmAgentflow, step)
    const system = (sentMessages() as { content: string }[])[0]!.content
    expect(system).toContain(`"visits": a list of JSON values, each following this JSON schema: ${schema}`)
    expect(result.output).toMatchObject({ visits: [{ city: 'Nice' }, { city: 'Pau' }] })
  })

  it('fails with what is missing when the reply is not the JSON asked for', async () => {
    mock.script({ text: '{"city": "Lyon", "pets": "cat", "mood": "angry"}' }, { text: 'Lyon, I think.' })
    const inputs = { llmStructuredOutput: structured }

    const wrong = runStep(llmAgentflow, llmStep(inputs))
    await expect(wrong).rejects.toThrow("LLM: the model's JSON does not match the JSON Structured Output")
    await expect(wrong).rejects.toThrow(
      'it lacks "age", "happy"; "pets" is not a list of texts; "mood" is not one of "calm", "busy"',
    )
    await expect(runStep(llmAgentflow, llmStep(inputs))).rejects.toThrow(
      'LLM: JSON Structured Output asks for a JSON object, but the model answered: "Lyon, I think."',
    )
  })

  it("reaches the server of a Flowise export's model settings (basepath, credential)", async () => {
    mock.script({ text: 'From the configured server.' })
    const step = testStep(llmAgentflow, {
      allowedUrls: [mock.url],
      credentials: { c1: { openAIApiKey: 'sk-test' } },
      inputs: {
        llmModel: 'chatOpenAI',
        llmModelConfig: { modelName: 'gpt-4o-mini', basepath: mock.baseURL, credential: 'c1', llmModel: 'chatOpenAI' },
      },
    })
    const result = await runStep(llmAgentflow, step)

    expect(result.output.content).toBe('From the configured server.')
    expect(mock.requests[0]).toMatchObject({ path: '/v1/chat/completions', body: { model: 'gpt-4o-mini' } })
    expect(mock.requests[0]?.headers.authorization).toBe('Bearer sk-test')
  })

  it('answers with the built-in responder when no model is picked', async () => {
    const step = testStep(llmAgentflow, {
      inputs: { llmMessages: [{ role: 'system', content: 'Weft is a visual builder for AI flows.' }] },
    })
    const result = await runStep(llmAgentflow, step)
    expect(result.output.content).toBe('Weft is a visual builder for AI flows.')
    expect(step.streamed()).toBe('Weft is a visual builder for AI flows.')
  })

  it('stops a slow reply when the run is aborted, failing with the reason', async () => {
    mock.script({ text: 'Too late.', delayMs: 10_000 })
    const controller = new AbortController()
    const reason = new Error('Stopped by the user.')
    const running = runStep(llmAgentflow, llmStep({}, { run: { signal: controller.signal } }))
    while (mock.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10))
    controller.abort(reason)

    await expect(running).rejects.toBe(reason)
    expect(await mock.requests[0]!.outcome).toBe('closed by client')
  })
})
