import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import llmChain from '../chains/llm-chain.node.js'
import chatLlamaCpp from '../chat-models/chat-llama-cpp.node.js'
import promptTemplate from '../prompts/prompt-template.node.js'
import { answerOf, runNode, testRun } from '../runtime/test-run.js'
import { makeTinyLlamaGguf } from '../testing/gguf-writer.js'
import { chat, isChatModel, type ChatModel, type ChatRequest, type Tool } from './chat-model.js'
import { toChatHistory } from './llama-cpp-history.js'

// A real llama.cpp run on a tiny GGUF file written at test time: random weights, so the answers are
// noise, but loading, the chat template, sampling, streaming and cancelling are the real ones.
// One thread and a 256-token context keep it to milliseconds per answer on a small machine.

let home: string
let modelPath: string

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'weft-llama-'))
  modelPath = join(home, 'tiny.gguf')
  await writeFile(modelPath, makeTinyLlamaGguf({ seed: 7 }))
})

afterAll(async () => {
  vi.unstubAllEnvs()
  await rm(home, { recursive: true, force: true })
})

async function buildModel(inputs: Record<string, unknown> = {}): Promise<ChatModel> {
  const settings = { modelPath, threads: '1', contextSize: '256', maxTokens: '12', temperature: '0' }
  const model = await runNode(chatLlamaCpp, { ...settings, ...inputs }, testRun())
  if (!isChatModel(model)) throw new Error('ChatLlamaCpp built no chat model')
  return model
}

const ask = (model: ChatModel, request: Partial<ChatRequest> = {}) =>
  chat(model, {
    messages: [{ role: 'user', content: 'Hello world, what is the answer?' }],
    signal: new AbortController().signal,
    ...request,
  })

const calculator: Tool = {
  kind: 'tool',
  name: 'calculator',
  description: 'Does arithmetic.',
  inputSchema: { type: 'object', properties: { expression: { type: 'string' } } },
  execute: async () => '4',
}

// Loading llama.cpp and a model takes seconds on a busy 2-core machine.
describe('ChatLlamaCpp on a GGUF file', { timeout: 60_000 }, () => {
  it('streams tokens as llama.cpp writes them and counts the tokens used', async () => {
    const model = await buildModel()
    expect(model.label).toBe('llama.cpp tiny.gguf')
    const tokens: string[] = []
    const result = await ask(model, { system: 'Be brief.', onToken: (text) => tokens.push(text) })
    expect(tokens.length).toBeGreaterThan(1)
    expect(tokens.join('')).toBe(result.text)
    // Random weights seldom write the end token, so the answer runs to Max Tokens.
    expect(result.usage.outputTokens).toBe(12)
    const shorter = await ask(model, { messages: [{ role: 'user', content: 'Hello?' }] })
    expect(result.usage.inputTokens).toBeGreaterThan(shorter.usage.inputTokens)
    expect(shorter.usage.inputTokens).toBeGreaterThan(0)
    expect(result.usage.totalTokens).toBe(result.usage.inputTokens + result.usage.outputTokens)
  })

  it('answers the same text every time with temperature 0, streamed or not', async () => {
    const streamed = await buildModel()
    const whole = await buildModel({ streaming: 'false' })
    const answers = await Promise.all([ask(streamed, { onToken: () => {} }), ask(streamed), ask(whole)])
    expect(answers[0].text).not.toBe('')
    expect(answers.map((answer) => answer.text)).toEqual([answers[0].text, answers[0].text, answers[0].text])
  })

  it('stops writing when the run is cancelled, and answers again afterwards', async () => {
    const model = await buildModel({ maxTokens: '200' })
    const cancel = new AbortController()
    const tokens: string[] = []
    const stopped = ask(model, {
      signal: cancel.signal,
      onToken: (text) => {
        tokens.push(text)
        cancel.abort()
      },
    })
    await expect(stopped).rejects.toMatchObject({ name: 'AbortError' })
    expect(tokens.length).toBeLessThan(5)
    const next = await ask(model, { onToken: () => {} })
    expect(next.usage.outputTokens).toBe(200)
  })

  it('answers as the model of an LLM chain, streaming tokens as run events', async () => {
    const run = testRun({ question: 'What is the answer?' })
    const prompt = await runNode(promptTemplate, { template: 'Answer briefly: {question}' }, run)
    const chain = await runNode(llmChain, { model: await buildModel(), prompt }, run, { isEnding: true })
    const answer = await answerOf(chain, run)
    expect(run.events.filter((event) => event.event === 'token').length).toBeGreaterThan(1)
    expect(run.streamed()).toBe(answer.text)
    expect(answer.usage?.outputTokens).toBe(12)
  })

  it('refuses tools with a message that says what to use instead', async () => {
    const model = await buildModel()
    await expect(ask(model, { tools: [calculator] })).rejects.toThrow(
      'llama.cpp tiny.gguf: Local GGUF models cannot call tools yet; use the Tool Agent with an OpenAI-compatible server',
    )
  })

  it('finds a file name in the models folder, and names the path and that folder when the file is missing', async () => {
    vi.stubEnv('WEFT_HOME', home)
    const models = join(home, 'models')
    await mkdir(models, { recursive: true })
    await writeFile(join(models, 'named.gguf'), makeTinyLlamaGguf({ seed: 7 }))
    expect((await buildModel({ modelPath: 'named.gguf' })).label).toBe('llama.cpp named.gguf')
    await expect(buildModel({ modelPath: 'missing.gguf' })).rejects.toThrow(
      `ChatLlamaCpp: no GGUF file at ${join(models, 'missing.gguf')}. Put GGUF files in ${models} and give the file name`,
    )
    await expect(buildModel({ modelPath: ' ' })).rejects.toThrow(`ChatLlamaCpp needs a Model Path`)
    const named = await buildModel({ modelPath: 'named.gguf' })
    await rm(join(models, 'named.gguf'))
    await expect(ask(named)).rejects.toThrow(`no GGUF file at ${join(models, 'named.gguf')}`)
  })

  it('writes the same GGUF bytes for the same seed', () => {
    expect(makeTinyLlamaGguf({ seed: 7 }).equals(makeTinyLlamaGguf({ seed: 7 }))).toBe(true)
    expect(makeTinyLlamaGguf({ seed: 7 }).equals(makeTinyLlamaGguf({ seed: 8 }))).toBe(false)
  })
})

describe('the chat history handed to llama.cpp', () => {
  it('keeps the system prompt and earlier turns in order, ending in the turn to write', () => {
    const history = toChatHistory([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Hello.' }] },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is ' },
          { type: 'text', text: '2+2?' },
        ],
      },
    ])
    expect(history).toEqual([
      { type: 'system', text: 'Be brief.' },
      { type: 'user', text: 'Hi' },
      { type: 'model', response: ['Hello.'] },
      { type: 'user', text: 'What is 2+2?' },
      { type: 'model', response: [] },
    ])
  })
})
