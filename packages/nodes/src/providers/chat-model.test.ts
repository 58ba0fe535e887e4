import type { LanguageModelV3CallOptions, LanguageModelV3GenerateResult } from '@ai-sdk/provider'
import { generateText } from 'ai'
import { MockLanguageModelV3 } from 'ai/test'
import { describe, expect, it } from 'vitest'
import { chat, type ChatModel } from './chat-model.js'

const answer: LanguageModelV3GenerateResult = {
  content: [
    { type: 'reasoning', text: 'thinking…' },
    { type: 'text', text: 'Forty' },
    { type: 'text', text: '-two.' },
  ],
  finishReason: { unified: 'stop', raw: 'stop' },
  usage: {
    inputTokens: { total: 12, noCache: 12, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 5, text: 5, reasoning: undefined },
  },
  warnings: [],
}

function recordingModel() {
  const calls: LanguageModelV3CallOptions[] = []
  const model = new MockLanguageModelV3({
    doGenerate: async (options) => {
      calls.push(options)
      return answer
    },
  })
  const chatModel: ChatModel = {
    kind: 'chatModel',
    label: 'Mock',
    model,
    settings: { temperature: 0.3, maxOutputTokens: 64, topP: 0.9 },
    streaming: false,
    providerOptions: { mock: { flag: true } },
  }
  return { calls, chatModel }
}

const conversation = {
  system: 'Answer briefly.',
  messages: [
    { role: 'user' as const, content: 'Hello' },
    { role: 'assistant' as const, content: 'Hi.' },
    { role: 'user' as const, content: 'What is the answer?' },
  ],
}

describe('chat without tools (sent to the model directly)', () => {
  it('answers the text and tokens generateText answers, and sends the model what generateText sends', async () => {
    const direct = recordingModel()
    const result = await chat(direct.chatModel, { ...conversation, signal: new AbortController().signal })

    const through = recordingModel()
    const { settings, providerOptions } = through.chatModel
    const expected = await generateText({
      model: through.chatModel.model,
      ...conversation,
      ...settings,
      providerOptions,
      maxRetries: 0,
    })

    expect(result.text).toBe(expected.text)
    expect(result.text).toBe('Forty-two.')
    expect(result.usage).toEqual({ inputTokens: 12, outputTokens: 5, totalTokens: 17 })
    const sent = direct.calls[0]!
    const sentByGenerateText = through.calls[0]!
    expect(sent.prompt).toEqual(sentByGenerateText.prompt)
    for (const field of ['temperature', 'maxOutputTokens', 'topP', 'providerOptions', 'responseFormat'] as const)
      expect(sent[field], field).toEqual(sentByGenerateText[field])
  })

  it('still goes through generateText when the conversation holds more than text', async () => {
    const { calls, chatModel } = recordingModel()
    const image = { type: 'image' as const, image: new URL('https://example.com/cat.png') }
    await chat(chatModel, {
      messages: [{ role: 'user', content: [{ type: 'text', text: 'What is this?' }, image] }],
      signal: new AbortController().signal,
    })
    const parts = (calls[0]!.prompt[0] as { content: { type: string }[] }).content
    expect(parts.map((part) => part.type)).toEqual(['text', 'file'])
  })

  it('stops the model call when the caller aborts', async () => {
    const stopped = new AbortController()
    let seen: AbortSignal | undefined
    const chatModel: ChatModel = {
      ...recordingModel().chatModel,
      model: new MockLanguageModelV3({
        doGenerate: async ({ abortSignal }) => {
          seen = abortSignal
          stopped.abort(new Error('stopped by the caller'))
          throw abortSignal!.reason
        },
      }),
    }
    await expect(chat(chatModel, { ...conversation, signal: stopped.signal })).rejects.toThrow('stopped by the caller')
    expect(seen?.aborted).toBe(true)
  })
})
