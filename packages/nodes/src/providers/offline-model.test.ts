import { generateText, type ModelMessage } from 'ai'
import { describe, expect, it } from 'vitest'
import { chat, type ChatRequest, type Tool } from './chat-model.js'
import { offlineChatModel, offlineLanguageModel } from './offline-model.js'

const signal = new AbortController().signal
const ask = (question: string, earlier: ModelMessage[] = []): ModelMessage[] => [
  ...earlier,
  { role: 'user', content: question },
]
const answer = async (request: Omit<ChatRequest, 'signal'>) =>
  (await chat(offlineChatModel, { signal, ...request })).text

const calculator: Tool = {
  kind: 'tool',
  name: 'calculator',
  description: 'Works out arithmetic.',
  inputSchema: { type: 'object', properties: { input: { type: 'string' } }, required: ['input'] },
  execute: async (input) => (String(input.input) === '12 * (3 + 4)' ? '84' : 'unexpected'),
}

const handbook = [
  'Support answers e-mails within one working day.',
  'Refunds are possible within 30 days of purchase.',
  'The office is open Monday to Friday, 9:00 to 17:00.',
].join(' ')

describe('the built-in responder', () => {
  it('says what it is when its context does not answer, and names real models to connect', async () => {
    const text = await answer({ messages: ask('What is the capital of Peru?') })
    expect(text).toContain("Weft's built-in responder, not a language model")
    expect(text).toContain('"What is the capital of Peru?"')
    expect(text).toContain('ChatOpenAI')
  })

  it('gives the same answer to the same prompt every time', async () => {
    const request = { system: handbook, messages: ask('When is the office open?') }
    const answers = await Promise.all([1, 2, 3].map(() => answer(request)))
    expect(new Set(answers).size).toBe(1)
  })

  it('answers from the sentences of its context that share words with the question', async () => {
    expect(await answer({ system: handbook, messages: ask('Can I get a refund?') })).toBe(
      'Refunds are possible within 30 days of purchase.',
    )
    const prompt = `Use the following context to answer.\n${handbook}\nQuestion: When is the office open?\nHelpful answer:`
    expect(await answer({ messages: ask(prompt) })).toBe('The office is open Monday to Friday, 9:00 to 17:00.')
  })

  it('says a sentence once, even when its earlier answers already quoted it', async () => {
    const question = 'When is the office open?'
    let earlier: ModelMessage[] = []
    for (let turn = 0; turn < 3; turn++) {
      const text = await answer({ system: handbook, messages: ask(question, earlier) })
      expect(text).toBe('The office is open Monday to Friday, 9:00 to 17:00.')
      earlier = [...earlier, { role: 'user', content: question }, { role: 'assistant', content: text }]
    }
  })

  it('remembers what the user said earlier and says it back to them', async () => {
    const earlier: ModelMessage[] = [
      { role: 'user', content: 'My name is Ada.' },
      { role: 'assistant', content: 'Nice to meet you.' },
    ]
    expect(await answer({ messages: ask('What is my name?', earlier) })).toBe('Your name is Ada.')
  })

  it('streams the answer word by word and counts usage in words', async () => {
    const tokens: string[] = []
    const result = await chat(offlineChatModel, {
      system: handbook,
      messages: ask('Can I get a refund?'),
      signal,
      onToken: (token) => tokens.push(token),
    })
    expect(tokens).toEqual(['Refunds ', 'are ', 'possible ', 'within ', '30 ', 'days ', 'of ', 'purchase.'])
    expect(result.usage.outputTokens).toBe(8)
    expect(result.usage.inputTokens).toBeGreaterThan(20)
  })

  it('follows "repeat after me", sentence counts and letter case', async () => {
    expect(await answer({ messages: ask('Repeat after me: the quick brown fox') })).toBe('the quick brown fox')
    const oneSentence = await answer({ messages: ask('Answer in one sentence: what is Weft?') })
    expect(oneSentence).toMatch(/^I am Weft's built-in responder[^.]*"what is Weft\?"\.$/)
    expect(await answer({ system: `${handbook} Reply in uppercase.`, messages: ask('Can I get a refund?') })).toBe(
      'REFUNDS ARE POSSIBLE WITHIN 30 DAYS OF PURCHASE.',
    )
  })

  it('reads the question after a template instruction and keeps to its sentence count', async () => {
    const text = await answer({ messages: ask('You are a friendly guide. Answer in two sentences: What is Weft?') })
    expect(text).toBe(
      'I am Weft\'s built-in responder, not a language model, and my prompt and this flow\'s documents do not answer "What is Weft?". ' +
        'To see how I can help, ask me "What can you do?"',
    )
  })

  it('turns a miss into a suggestion taken from its prompt, not from the conversation', async () => {
    const earlier: ModelMessage[] = [
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: 'Hello! How can I help?' },
    ]
    const text = await answer({ system: handbook, messages: ask('What is the capital of Peru?', earlier) })
    expect(text).toContain('do not answer "What is the capital of Peru?"')
    expect(text).toContain('for example, they say: "Support answers e-mails within one working day."')
  })

  it('remembers the name the user gave earlier in the conversation and uses it', async () => {
    expect(await answer({ messages: ask('I am Bo') })).toBe(
      'Nice to meet you, Bo! I will remember your name in this conversation. To see how I can help, ask me "What can you do?"',
    )
    const earlier: ModelMessage[] = [
      { role: 'user', content: 'I am Bo' },
      { role: 'assistant', content: 'Nice to meet you, Bo!' },
    ]
    expect(await answer({ messages: ask('What is my name?', earlier) })).toBe('Your name is Bo.')
    expect(await answer({ messages: ask('Hi there', earlier) })).toMatch(/^Hello, Bo! /)
    expect(await answer({ messages: ask('What is my name?') })).toContain('You have not told me your name yet.')
  })

  it('says what it can do and how to connect a real model when asked', async () => {
    const text = await answer({ system: handbook, messages: ask('What can you do?') })
    expect(text).toMatch(/^I am Weft's built-in responder, not a language model/)
    expect(text).toContain('replace this node with ChatOpenAI, ChatAnthropic')
    expect(await answer({ messages: ask('Who are you?') })).toBe(text)
  })

  it('calls the calculator for arithmetic and answers with its result', async () => {
    const result = await chat(offlineChatModel, {
      messages: ask('What is 12 * (3 + 4)?'),
      tools: [calculator],
      maxSteps: 3,
      signal,
    })
    expect(result.usedTools).toEqual([{ tool: 'calculator', toolInput: { input: '12 * (3 + 4)' }, toolOutput: '84' }])
    expect(result.text).toBe('The calculator tool answered: 84.')
  })

  it('calls a tool named after "use", with JSON or text', async () => {
    const calls: Record<string, unknown>[] = []
    const lookup: Tool = {
      kind: 'tool',
      name: 'order_lookup',
      description: 'Finds an order.',
      inputSchema: { type: 'object', properties: { orderId: { type: 'string' } } },
      execute: async (input) => {
        calls.push(input)
        return 'shipped'
      },
    }
    const request = { tools: [lookup], maxSteps: 2 }
    expect(await answer({ ...request, messages: ask('use order_lookup {"orderId": "A-7"}') })).toBe(
      'The order_lookup tool answered: shipped.',
    )
    await answer({ ...request, messages: ask('Please use the order_lookup tool for A-8') })
    expect(calls).toEqual([{ orderId: 'A-7' }, { orderId: 'A-8' }])
  })

  it('answers arithmetic without tools from its context, not by calling one', async () => {
    const text = await answer({ messages: ask('What is 2 + 2?') })
    expect(text).toContain('built-in responder')
  })

  it('picks one of the listed options for classifying steps', async () => {
    const system =
      'Classify the input. Answer with exactly one of these:\n- The user reports a problem\n- The user asks a question'
    expect(await answer({ system, messages: ask('How do refunds work?') })).toBe('The user asks a question')
    expect(await answer({ system, messages: ask('There is a problem with my login') })).toBe(
      'The user reports a problem',
    )
  })

  it('greets back when greeted', async () => {
    expect(await answer({ messages: ask('Hello') })).toMatch(/^Hello! I am Weft's built-in responder/)
  })

  it('answers without streaming through generateText too', async () => {
    const result = await generateText({ model: offlineLanguageModel, system: handbook, prompt: 'Can I get a refund?' })
    expect(result.text).toBe('Refunds are possible within 30 days of purchase.')
  })

  it('stops when the signal aborts', async () => {
    const controller = new AbortController()
    const tokens: string[] = []
    const call = chat(offlineChatModel, {
      system: handbook,
      messages: ask('Can I get a refund?'),
      signal: controller.signal,
      onToken: (token) => {
        tokens.push(token)
        controller.abort()
      },
    })
    await expect(call).rejects.toMatchObject({ name: 'AbortError' })
    expect(tokens.length).toBeLessThan(8)
  })
})
