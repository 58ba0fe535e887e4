import { randomUUID } from 'node:crypto'
import { createClient } from 'redis'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import conversationChain from '../chains/conversation-chain.node.js'
import chatOpenAICustom from '../chat-models/chat-openai-custom.node.js'
import type { NodeRunContext } from '../define-node.js'
import { answerOf, runNode, testRun, type TestRun } from '../runtime/test-run.js'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import { testFetch } from '../testing/test-fetch.js'
import { startZepStandIn, type ZepStandIn } from '../testing/zep-stand-in.js'
import conversationSummaryBufferMemory from './conversation-summary-buffer-memory.node.js'
import redisBackedChatMemory from './redis-backed-chat-memory.node.js'
import zepMemory from './zep-memory.node.js'

// Memories kept outside Weft, each behind a Conversation Chain that talks to the OpenAI stand-in:
// the real Redis on this machine (keys under a test prefix, deleted afterwards) and a Zep stand-in.

const REDIS_URL = 'redis://127.0.0.1:6379'
const prefix = `weft-test-memory-${randomUUID()}`
let model: MockOpenAIServer
let zep: ZepStandIn
const redis = createClient({ url: REDIS_URL })

beforeAll(async () => {
  model = await startMockOpenAI({ defaultText: 'Noted.' })
  zep = await startZepStandIn('zep-secret-key')
  await redis.connect()
})
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`)
  if (keys.length) await redis.del(keys)
  redis.destroy()
  await model.close()
  await zep.close()
})
beforeEach(() => {
  model.requests.length = 0
})

type Messages = { role: string; content: string }[]
const sentMessages = (index: number) => model.requests[index]!.body!.messages as Messages

function build(
  node: typeof zepMemory,
  inputs: Record<string, unknown>,
  run: TestRun,
  credential?: Record<string, string>,
) {
  const context: NodeRunContext = {
    nodeId: `${node.descriptor.name}_0`,
    label: node.descriptor.label,
    inputs,
    isEnding: false,
    scope: run.scope,
    ...(credential ? { credential } : {}),
  }
  return node.run!(context)
}

async function ask(question: string, memoryOf: (run: TestRun) => Promise<unknown>, allowed: string[] = []) {
  const run = testRun({ question, fetch: testFetch(model.url, ...allowed) })
  const chatModel = await runNode(chatOpenAICustom, { basePath: model.baseURL, modelName: 'mock-model' }, run)
  const memory = await memoryOf(run)
  return answerOf(await runNode(conversationChain, { model: chatModel, memory }, run, { isEnding: true }), run)
}

describe('Redis-Backed Chat Memory (the Redis at 127.0.0.1:6379)', () => {
  const redisMemory =
    (sessionId: string, extra: Record<string, unknown> = {}) =>
    (run: TestRun) =>
      build(redisBackedChatMemory, { sessionId, ...extra }, run, { redisUrl: REDIS_URL })

  it('stores each exchange in Redis as Flowise does, and sends it back to the model next time', async () => {
    const sessionId = `${prefix}-a`
    await ask('My name is Bo.', redisMemory(sessionId), [REDIS_URL])
    await ask('What is my name?', redisMemory(sessionId), [REDIS_URL])

    expect(sentMessages(1)).toEqual([
      { role: 'user', content: 'My name is Bo.' },
      { role: 'assistant', content: 'Noted.' },
      { role: 'user', content: 'What is my name?' },
    ])
    const stored = (await redis.lRange(sessionId, 0, -1)).map((raw) => JSON.parse(raw) as unknown)
    expect(stored[0]).toEqual({ type: 'ai', data: { content: 'Noted.' } })
    expect(stored[3]).toEqual({ type: 'human', data: { content: 'My name is Bo.' } })
    expect(await redis.ttl(sessionId)).toBe(-1)
  })

  it('sends only the last Window Size exchanges, and sets Session Timeouts on the key', async () => {
    const sessionId = `${prefix}-b`
    const memory = redisMemory(sessionId, { windowSize: '1', sessionTTL: '600' })
    for (const question of ['one', 'two', 'three']) await ask(question, memory, [REDIS_URL])
    expect(sentMessages(2)).toEqual([
      { role: 'user', content: 'two' },
      { role: 'assistant', content: 'Noted.' },
      { role: 'user', content: 'three' },
    ])
    expect(await redis.lLen(sessionId)).toBe(6)
    expect(await redis.ttl(sessionId)).toBeGreaterThan(500)
  })

  it('connects only where the outbound guard allows, with host and port from the credential', async () => {
    const run = testRun({ question: 'hi', fetch: testFetch(model.url) })
    const memory = await build(redisBackedChatMemory, { sessionId: `${prefix}-c` }, run, {
      redisCacheHost: '127.0.0.1',
      redisCachePort: '6379',
      redisCachePwd: 'hunter2-secret',
    })
    const chatModel = await runNode(chatOpenAICustom, { basePath: model.baseURL, modelName: 'mock-model' }, run)
    const failure = answerOf(
      await runNode(conversationChain, { model: chatModel, memory }, run, { isEnding: true }),
      run,
    )
    await expect(failure).rejects.toThrow(
      /could not reach 127\.0\.0\.1:6379: the address is private.*WEFT_ALLOWED_PRIVATE_HOSTS/,
    )
    await expect(failure).rejects.not.toThrow('hunter2')
    expect(model.requests).toHaveLength(0)
  })

  it('names a wrong password without quoting it', async () => {
    const run = testRun({ fetch: testFetch(REDIS_URL) })
    const memory = (await build(redisBackedChatMemory, {}, run, {
      redisUrl: 'redis://nobody:hunter2-secret@127.0.0.1:6379',
    })) as {
      store: { history: (id: string) => Promise<unknown> }
    }
    const failure = memory.store.history(`${prefix}-d`)
    await expect(failure).rejects.toThrow(/Redis-Backed Chat Memory: Redis at 127\.0\.0\.1:6379 failed/)
    await expect(failure).rejects.not.toThrow('hunter2')
  })

  it('refuses a window or timeout that is not a whole number above 0', async () => {
    await expect(build(redisBackedChatMemory, { windowSize: '0' }, testRun())).rejects.toThrow(
      'Redis-Backed Chat Memory: Window Size must be a whole number above 0.',
    )
  })
})

describe('Zep Memory - Open Source (a Zep stand-in)', () => {
  const zepMemoryOf =
    (sessionId: string, apiKey = 'zep-secret-key') =>
    (run: TestRun) =>
      build(zepMemory, { baseURL: zep.url, sessionId, k: '10' }, run, { apiKey })

  it('adds each exchange to the session with the key, and reads it back after the summary Zep wrote', async () => {
    await ask('I live in Oslo.', zepMemoryOf('s1'), [zep.url])
    expect(zep.sessions.get('s1')).toEqual([
      { role: 'human', role_type: 'user', content: 'I live in Oslo.' },
      { role: 'ai', role_type: 'assistant', content: 'Noted.' },
    ])
    zep.summaries.set('s1', 'The user introduced themselves.')
    await ask('Where do I live?', zepMemoryOf('s1'), [zep.url])
    expect(sentMessages(1)).toEqual([
      { role: 'assistant', content: 'Summary of the conversation so far: The user introduced themselves.' },
      { role: 'user', content: 'I live in Oslo.' },
      { role: 'assistant', content: 'Noted.' },
      { role: 'user', content: 'Where do I live?' },
    ])
    expect(zep.requests.map((request) => `${request.method} ${request.url}`).slice(-2)).toEqual([
      'GET /api/v1/sessions/s1/memory?lastn=10',
      'POST /api/v1/sessions/s1/memory',
    ])
  })

  it('names the HTTP status when Zep refuses the key, without the key', async () => {
    const failure = ask('hi', zepMemoryOf('s2', 'wrong-key-value'), [zep.url])
    await expect(failure).rejects.toThrow(
      'Zep Memory - Open Source: the Zep server answered HTTP 401 to GET /api/v1/sessions/s2/memory.',
    )
    await expect(failure).rejects.not.toThrow('wrong-key-value')
  })
})

describe('Conversation Summary Buffer Memory', () => {
  it('sends recent messages within the token limit as said and older ones as the summary the model wrote', async () => {
    const stored = {
      'session-1': [
        { role: 'userMessage' as const, content: 'A long first question about my garden and its many roses.' },
        { role: 'apiMessage' as const, content: 'A long first answer about pruning roses in early spring.' },
        { role: 'userMessage' as const, content: 'Thanks' },
        { role: 'apiMessage' as const, content: 'Welcome' },
      ],
    }
    model.script({ text: 'The user grows roses.' }, { text: 'Prune in spring.' })
    const run = testRun({ question: 'When again?', fetch: testFetch(model.url), stored })
    const chatModel = await runNode(chatOpenAICustom, { basePath: model.baseURL, modelName: 'mock-model' }, run)
    const memory = await runNode(conversationSummaryBufferMemory, { model: chatModel, maxTokenLimit: '10' }, run)
    const answer = await answerOf(
      await runNode(conversationChain, { model: chatModel, memory }, run, { isEnding: true }),
      run,
    )

    expect(answer.text).toBe('Prune in spring.')
    expect(JSON.stringify(model.requests[0]!.body)).toContain('many roses')
    expect(sentMessages(1)).toEqual([
      { role: 'assistant', content: 'Summary of the conversation so far: The user grows roses.' },
      { role: 'user', content: 'Thanks' },
      { role: 'assistant', content: 'Welcome' },
      { role: 'user', content: 'When again?' },
    ])
  })

  it('summarises nothing while the conversation fits the limit', async () => {
    const stored = {
      'session-1': [
        { role: 'userMessage' as const, content: 'Hi' },
        { role: 'apiMessage' as const, content: 'Hello' },
        { role: 'userMessage' as const, content: 'Hey' },
        { role: 'apiMessage' as const, content: 'Yo' },
      ],
    }
    const run = testRun({ question: 'And?', fetch: testFetch(model.url), stored })
    const chatModel = await runNode(chatOpenAICustom, { basePath: model.baseURL, modelName: 'mock-model' }, run)
    const memory = await runNode(conversationSummaryBufferMemory, { model: chatModel }, run)
    await answerOf(await runNode(conversationChain, { model: chatModel, memory }, run, { isEnding: true }), run)
    expect(model.requests).toHaveLength(1)
    expect(sentMessages(0)).toHaveLength(5)
  })
})
