import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProviderAssistantStore, RunScope } from '../../define-node.js'
import { startAssistantsStandIn, type AssistantsStandIn } from '../../testing/openai-assistants-stand-in.js'
import { testFetch } from '../../testing/test-fetch.js'
import { answerAsAssistant } from './answer-as-assistant.js'
import { assistantsApi } from './assistants-api.js'
import { assistantsEndpoint } from './assistants-endpoint.js'

const KEY = 'sk-test-node-0123456789'

let standIn: AssistantsStandIn
let providerId: string
beforeAll(async () => {
  standIn = await startAssistantsStandIn({ dialect: 'OPENAI', apiKey: KEY })
  const api = assistantsApi(
    assistantsEndpoint('OPENAI', { openAIApiKey: KEY, openAIApiBasePath: standIn.url }),
    testFetch(standIn.url),
  )
  providerId = (await api.assistants.create({ name: 'Helper', model: 'gpt-4o' })).id
})
afterAll(() => standIn.close())

/** The server's store, in memory: one assistant `a1`, threads by session. */
function memoryStore(): ProviderAssistantStore & { threads: Map<string, string> } {
  const threads = new Map<string, string>()
  return {
    threads,
    get: async (id) =>
      id === 'a1'
        ? {
            type: 'OPENAI',
            name: 'Helper',
            providerId,
            credential: { openAIApiKey: KEY, openAIApiBasePath: standIn.url },
          }
        : undefined,
    threadOf: async (id, session) => threads.get(`${id}/${session}`),
    keepThread: async (id, session, thread) => void threads.set(`${id}/${session}`, thread),
  }
}

const scopeOf = (store: ProviderAssistantStore, sessionId: string, question: string) =>
  ({
    sessionId,
    question,
    signal: new AbortController().signal,
    fetch: testFetch(standIn.url),
    providerAssistants: store,
  }) as unknown as RunScope

describe('answering as a provider assistant', () => {
  it('keeps one thread per session, and starts a new one when the provider lost it', async () => {
    const store = memoryStore()
    expect((await answerAsAssistant(scopeOf(store, 's1', 'One?'), 'a1')).text).toBe(
      'You asked: One? (question 1 in this thread)',
    )
    expect((await answerAsAssistant(scopeOf(store, 's1', 'Two?'), 'a1')).text).toBe(
      'You asked: Two? (question 2 in this thread)',
    )
    const kept = store.threads.get('a1/s1')!
    standIn.threads.delete(kept)
    expect((await answerAsAssistant(scopeOf(store, 's1', 'Three?'), 'a1')).text).toBe(
      'You asked: Three? (question 1 in this thread)',
    )
    expect(store.threads.get('a1/s1')).not.toBe(kept)
  })

  it('says so when the assistant is not the workspace’s', async () => {
    await expect(answerAsAssistant(scopeOf(memoryStore(), 's1', 'Hi'), 'a2')).rejects.toThrow(
      'The assistant a2 no longer exists in this workspace: select another one.',
    )
  })
})
