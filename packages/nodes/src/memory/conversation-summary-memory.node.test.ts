import type { ChatTurn } from '@weft/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import conversationChain from '../chains/conversation-chain.node.js'
import chatOpenAICustom from '../chat-models/chat-openai-custom.node.js'
import { answerOf, runNode, testRun } from '../runtime/test-run.js'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import { testFetch } from '../testing/test-fetch.js'
import conversationSummaryMemory from './conversation-summary-memory.node.js'

let mock: MockOpenAIServer
beforeAll(async () => {
  mock = await startMockOpenAI()
})
afterAll(() => mock.close())

const earlier: ChatTurn[] = [
  { role: 'userMessage', content: 'My name is Ada.' },
  { role: 'apiMessage', content: 'Hello Ada.' },
  { role: 'userMessage', content: 'I live in Oslo.' },
  { role: 'apiMessage', content: 'Oslo is lovely.' },
]

describe('Conversation Summary Memory', () => {
  it('sends older turns to the model as a summary it wrote, and the last exchange as it was', async () => {
    mock.script({ text: 'The user is Ada.' }, { text: 'You are Ada, in Oslo.' })
    const run = testRun({ question: 'Who am I?', fetch: testFetch(mock.url), stored: { 'session-1': earlier } })
    const model = await runNode(chatOpenAICustom, { basePath: mock.baseURL, modelName: 'mock-model' }, run)
    const memory = await runNode(conversationSummaryMemory, { model }, run)
    const answer = await answerOf(await runNode(conversationChain, { model, memory }, run, { isEnding: true }), run)

    const summaryRequest = mock.requests[0]!.body!.messages as { content: string }[]
    expect(summaryRequest[0]!.content).toContain('Human: My name is Ada.\nAssistant: Hello Ada.')
    expect(summaryRequest[0]!.content).not.toContain('Oslo')
    expect(mock.requests[1]!.body!.messages).toEqual([
      { role: 'assistant', content: 'Summary of the conversation so far: The user is Ada.' },
      { role: 'user', content: 'I live in Oslo.' },
      { role: 'assistant', content: 'Oslo is lovely.' },
      { role: 'user', content: 'Who am I?' },
    ])
    expect(answer.text).toBe('You are Ada, in Oslo.')
  })

  it('asks for a chat model', async () => {
    await expect(runNode(conversationSummaryMemory, {}, testRun())).rejects.toThrow(
      'Connect a chat model to Chat Model.',
    )
  })
})
