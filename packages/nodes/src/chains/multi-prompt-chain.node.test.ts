import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import chatOpenAICustom from '../chat-models/chat-openai-custom.node.js'
import promptRetriever from '../retrievers/prompt-retriever.node.js'
import { answerOf, runNode, testRun } from '../runtime/test-run.js'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import { testFetch } from '../testing/test-fetch.js'
import multiPromptChain from './multi-prompt-chain.node.js'

let mock: MockOpenAIServer
beforeAll(async () => {
  mock = await startMockOpenAI()
})
afterAll(() => mock.close())
beforeEach(() => {
  mock.requests.length = 0
})

const messagesOf = (index: number) => mock.requests[index]?.body?.messages as { role: string; content: string }[]

async function ask(question: string) {
  const run = testRun({ question, fetch: testFetch(mock.url) })
  const model = await runNode(chatOpenAICustom, { basePath: mock.baseURL, modelName: 'mock-model' }, run)
  const prompts = [
    await runNode(
      promptRetriever,
      { name: 'physics', description: 'Questions about physics', systemMessage: 'You are a physics professor.' },
      run,
    ),
    await runNode(
      promptRetriever,
      { name: 'cooking', description: 'Questions about recipes and food', systemMessage: 'You are a chef.' },
      run,
    ),
  ]
  const chain = await runNode(multiPromptChain, { model, promptRetriever: prompts }, run, { isEnding: true })
  return { run, answer: await answerOf(chain, run) }
}

describe('Multi Prompt Chain', () => {
  it('asks the model to choose a prompt by the descriptions, then answers with the chosen system message', async () => {
    mock.script({ text: 'cooking' }, { text: 'Boil it for 8 minutes.' })
    const { run, answer } = await ask('How long do I boil pasta?')

    const router = messagesOf(0)[0]!.content
    expect(router).toContain('physics: Questions about physics\ncooking: Questions about recipes and food')
    expect(router).toContain('Question: How long do I boil pasta?')
    expect(messagesOf(1)).toEqual([
      { role: 'system', content: 'You are a chef.' },
      { role: 'user', content: 'How long do I boil pasta?' },
    ])
    expect(answer.text).toBe('Boil it for 8 minutes.')
    expect(run.streamed()).toBe('Boil it for 8 minutes.')
  })

  it('answers without a system message when the model names no prompt', async () => {
    mock.script({ text: 'DEFAULT' }, { text: 'Hello.' })
    const { answer } = await ask('Hi there')
    expect(messagesOf(1)).toEqual([{ role: 'user', content: 'Hi there' }])
    expect(answer.text).toBe('Hello.')
  })

  it('asks for prompts, each with a name and a description', async () => {
    const run = testRun()
    await expect(runNode(promptRetriever, { name: 'x' }, run)).rejects.toThrow(
      'Prompt Retriever: fill in Prompt Name and Prompt Description.',
    )
    const model = await runNode(chatOpenAICustom, { basePath: mock.baseURL, modelName: 'm' }, run)
    await expect(runNode(multiPromptChain, { model }, run)).rejects.toThrow(
      'Connect one or more Prompt Retrievers to Prompt Retriever.',
    )
  })
})
