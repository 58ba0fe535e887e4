import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import llmChain from '../chains/llm-chain.node.js'
import chatOpenAICustom from '../chat-models/chat-openai-custom.node.js'
import chatPromptTemplate from '../prompts/chat-prompt-template.node.js'
import promptTemplate from '../prompts/prompt-template.node.js'
import { answerOf, runNode, testRun } from '../runtime/test-run.js'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import { testFetch } from '../testing/test-fetch.js'
import advancedStructuredOutputParser from './advanced-structured-output-parser.node.js'
import csvOutputParser from './csv-output-parser.node.js'
import customListOutputParser from './custom-list-output-parser.node.js'
import structuredOutputParser from './structured-output-parser.node.js'

// LLM Chain with each output parser, against the OpenAI stand-in on loopback through the real SDK.

let mock: MockOpenAIServer
beforeAll(async () => {
  mock = await startMockOpenAI()
})
afterAll(() => mock.close())
beforeEach(() => {
  mock.requests.length = 0
})

type Messages = { role: string; content: string }[]
const sent = (index: number) => mock.requests[index]!.body!.messages as Messages

async function chainWith(parserNode: typeof csvOutputParser, parserInputs: Record<string, unknown>, template: string) {
  const run = testRun({ question: 'Tell me about Up', fetch: testFetch(mock.url) })
  const model = await runNode(chatOpenAICustom, { basePath: mock.baseURL, modelName: 'mock-model' }, run)
  const prompt = await runNode(promptTemplate, { template }, run)
  const outputParser = await runNode(parserNode, parserInputs, run)
  const chain = await runNode(llmChain, { model, prompt, outputParser }, run, { isEnding: true })
  return { run, chain }
}

describe('LLM Chain with an output parser', () => {
  it('asks for the JSON structure in the prompt and answers with the parsed JSON, shown as a code block', async () => {
    mock.script({ text: 'Here you go:\n```json\n{"answer": "A flying house", "source": "imdb.com"}\n```' })
    const { run, chain } = await chainWith(structuredOutputParser, {}, 'Answer: {question}')
    const answer = await answerOf(chain, run)

    expect(answer.json).toEqual({ answer: 'A flying house', source: 'imdb.com' })
    expect(answer.text).toBe('```json\n{\n  "answer": "A flying house",\n  "source": "imdb.com"\n}\n```')
    expect(run.streamed()).toBe(answer.text)
    const [message] = sent(0)
    expect(message!.content).toMatch(/^Answer: Tell me about Up\n.*JSON Schema/)
    expect(message!.content).toContain('"required":["answer","source"]')
  })

  it('reads a comma-separated answer as a JSON list', async () => {
    mock.script({ text: 'red, green, blue' })
    const { run, chain } = await chainWith(csvOutputParser, {}, 'Name three colours.')
    const answer = await answerOf(chain, run)
    expect(answer.json).toEqual(['red', 'green', 'blue'])
    expect(sent(0)[0]!.content).toContain('comma-separated values')
  })

  it('with Autofix, sends a wrong answer back once with what was wrong, and parses the fixed one', async () => {
    mock.script({ text: 'cats; dogs' }, { text: 'cats; dogs; owls' })
    const inputs = { length: '3', separator: ';', autofixParser: true }
    const { run, chain } = await chainWith(customListOutputParser, inputs, 'Name pets.')
    const answer = await answerOf(chain, run)

    expect(answer.json).toEqual(['cats', 'dogs', 'owls'])
    expect(mock.requests).toHaveLength(2)
    expect(sent(1)[0]!.content).toContain('The answer holds 2 items where 3 were asked for.')
    expect(sent(1)[0]!.content).toContain('cats; dogs')
  })

  it('without Autofix, fails naming the problem and the switch, after one request', async () => {
    mock.script({ text: 'I would rather not.' })
    const { run, chain } = await chainWith(structuredOutputParser, {}, '{question}')
    await expect(answerOf(chain, run)).rejects.toThrow(
      /LLM Chain: the model's answer does not have the format .*not valid JSON.*Turn on Autofix/,
    )
    expect(mock.requests).toHaveLength(1)
  })

  it('checks the answer against a Zod schema, and puts the instructions after a chat prompt’s system message', async () => {
    const movie = {
      title: 'Up',
      yearOfRelease: 2009,
      genres: ['Comedy', 'Drama', 'Fantasy'],
      shortDescription: 'A house flies.',
    }
    mock.script({ text: JSON.stringify(movie) }, { text: JSON.stringify({ ...movie, genres: ['Comedy'] }) })
    const run = testRun({ question: 'Up', fetch: testFetch(mock.url) })
    const model = await runNode(chatOpenAICustom, { basePath: mock.baseURL, modelName: 'mock-model' }, run)
    const prompt = await runNode(
      chatPromptTemplate,
      { systemMessagePrompt: 'You know films.', humanMessagePrompt: '{text}' },
      run,
    )
    const outputParser = await runNode(advancedStructuredOutputParser, { autofixParser: 'true' }, run)
    const answer = await answerOf(
      await runNode(llmChain, { model, prompt, outputParser }, run, { isEnding: true }),
      run,
    )

    expect(answer.json).toEqual({ ...movie, genres: ['Comedy'] })
    expect(sent(0)[0]).toMatchObject({
      role: 'system',
      content: expect.stringMatching(/^You know films\.\n.*JSON Schema/),
    })
    expect(sent(0)[1]).toEqual({ role: 'user', content: 'Up' })
    expect(sent(1)[0]!.content).toContain('genres: has 3 items, at most 2 expected')
  })

  it('gives the parsed value to the next node under Output Prediction', async () => {
    mock.script({ text: 'a, b' })
    const run = testRun({ question: 'x', fetch: testFetch(mock.url) })
    const model = await runNode(chatOpenAICustom, { basePath: mock.baseURL, modelName: 'mock-model' }, run)
    const prompt = await runNode(promptTemplate, { template: 'List two letters.' }, run)
    const outputParser = await runNode(csvOutputParser, {}, run)
    const value = await runNode(llmChain, { model, prompt, outputParser }, run, { output: 'outputPrediction' })
    expect(value).toEqual(['a', 'b'])
    expect(run.events).toEqual([])
  })

  it('refuses a Zod schema it cannot read, naming the node', async () => {
    const run = testRun()
    await expect(runNode(advancedStructuredOutputParser, { exampleJson: 'require("fs")' }, run)).rejects.toThrow(
      /Advanced Structured Output Parser: The Zod schema cannot be read: unknown name "require"/,
    )
  })
})
