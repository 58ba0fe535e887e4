import { describe, expect, it } from 'vitest'
import type { ChatTurn } from '@weft/core'
import bufferMemory from '../memory/buffer-memory.node.js'
import bufferWindowMemory from '../memory/buffer-window-memory.node.js'
import chatPromptTemplate from '../prompts/chat-prompt-template.node.js'
import { answerOf, promptLines, recordingOfflineModel, runNode, testRun } from '../runtime/test-run.js'
import conversationChain from './conversation-chain.node.js'

const earlier: ChatTurn[] = [
  { role: 'userMessage', content: 'My name is Ada.' },
  { role: 'apiMessage', content: 'Nice to meet you, Ada.' },
  { role: 'userMessage', content: 'I live in Oslo.' },
  { role: 'apiMessage', content: 'Oslo is lovely.' },
]

describe('Conversation Chain', () => {
  it("sends the memory's stored history of the session before the question, and the model uses it", async () => {
    const run = testRun({ question: 'What is my name?', stored: { 'session-1': earlier } })
    const { model, calls } = recordingOfflineModel()
    const memory = await runNode(bufferMemory, {}, run)
    const chain = await runNode(conversationChain, { model, memory, systemMessagePrompt: 'You are kind.' }, run, {
      isEnding: true,
    })
    const answer = await answerOf(chain, run)

    expect(run.memoryReads).toEqual([{ sessionId: 'session-1' }])
    expect(promptLines(calls[0]!)).toEqual([
      'system: You are kind.',
      'user: My name is Ada.',
      'assistant: Nice to meet you, Ada.',
      'user: I live in Oslo.',
      'assistant: Oslo is lovely.',
      'user: What is my name?',
    ])
    expect(answer.text).toContain('Your name is Ada.')
    expect(run.streamed()).toBe(answer.text)
  })

  it('reads the session the memory names instead of the run', async () => {
    const run = testRun({ stored: { 'team-room': earlier } })
    const { model, calls } = recordingOfflineModel()
    const memory = await runNode(bufferMemory, { sessionId: 'team-room' }, run)
    await answerOf(await runNode(conversationChain, { model, memory }, run, { isEnding: true }), run)
    expect(run.memoryReads).toEqual([{ sessionId: 'team-room' }])
    expect(calls[0]!.prompt).toHaveLength(5)
  })

  it('a window memory keeps only the last k exchanges', async () => {
    const run = testRun({ question: 'Where do I live?', stored: { 'session-1': earlier } })
    const { model, calls } = recordingOfflineModel()
    const memory = await runNode(bufferWindowMemory, { k: 1 }, run)
    await answerOf(await runNode(conversationChain, { model, memory }, run, { isEnding: true }), run)
    expect(run.memoryReads).toEqual([{ sessionId: 'session-1', limit: 2 }])
    expect(promptLines(calls[0]!)).toEqual([
      'user: I live in Oslo.',
      'assistant: Oslo is lovely.',
      'user: Where do I live?',
    ])
  })

  it('refuses a window size that is not a whole number of exchanges', async () => {
    await expect(runNode(bufferWindowMemory, { k: '0' }, testRun())).rejects.toThrow('Size must be a whole number')
  })

  it("uses the request's history when the memory has nothing stored, or when no memory is connected", async () => {
    const run = testRun({ question: 'What is my name?', history: earlier.slice(0, 2) })
    const { model, calls } = recordingOfflineModel()
    await answerOf(await runNode(conversationChain, { model }, run, { isEnding: true }), run)
    const memory = await runNode(bufferMemory, {}, run)
    await answerOf(await runNode(conversationChain, { model, memory }, run, { isEnding: true }), run)
    for (const call of calls) {
      expect(promptLines(call)).toEqual([
        'user: My name is Ada.',
        'assistant: Nice to meet you, Ada.',
        'user: What is my name?',
      ])
    }
  })

  it('a chat prompt template replaces the system message and wraps the question', async () => {
    const run = testRun({ question: 'hello' })
    const { model, calls } = recordingOfflineModel()
    const prompt = await runNode(
      chatPromptTemplate,
      {
        systemMessagePrompt: 'You speak like a {persona}.',
        humanMessagePrompt: 'Say: {input}',
        promptValues: '{"persona": "pirate"}',
      },
      run,
    )
    const chain = await runNode(
      conversationChain,
      { model, chatPromptTemplate: prompt, systemMessagePrompt: 'ignored' },
      run,
      { isEnding: true },
    )
    await answerOf(chain, run)
    expect(promptLines(calls[0]!)).toEqual(['system: You speak like a pirate.', 'user: Say: hello'])
  })
})
