import type { RunEvent } from '@weft/core'
import { listTemplates, nodes } from '@weft/nodes'
import { describe, expect, it } from 'vitest'
import { testRun, testServices } from '../testing/test-flow.js'
import { collectAnswer } from './collect-answer.js'
import { isStreamable } from './is-streamable.js'
import { runChatflow } from './run-chatflow.js'

// The built-in template through the real catalogue: prompt template → LLM chain ← built-in responder.
async function simpleLlmChain() {
  const template = (await listTemplates()).find((candidate) => candidate.templateName === 'Simple LLM Chain')
  if (!template) throw new Error('The Simple LLM Chain template is missing')
  return JSON.parse(template.flowData)
}

describe('the Simple LLM Chain template', () => {
  it('streams an answer from the built-in responder with no key and no network', async () => {
    const flowData = await simpleLlmChain()
    expect(isStreamable(flowData, nodes)).toBe(true)
    const events: RunEvent[] = []
    for await (const event of runChatflow(
      testRun(flowData, { question: 'What does a guide do?' }),
      testServices([...nodes]),
    )) {
      events.push(event)
    }
    const names = events.map((event) => event.event)
    expect(names[0]).toBe('start')
    expect(names.slice(-2)).toEqual(['metadata', 'end'])
    expect(names.filter((name) => name === 'token').length).toBeGreaterThan(1)
    const answer = await collectAnswer(
      (async function* () {
        yield* events
      })(),
    )
    expect(answer.error).toBeUndefined()
    expect(answer.text.trim()).not.toBe('')
    expect(answer.metadata).toMatchObject({ chatId: 'chat-1', chatMessageId: 'message-1', sessionId: 'session-1' })
  })

  it('answers the same question the same way twice', async () => {
    const flowData = await simpleLlmChain()
    const ask = () => collectAnswer(runChatflow(testRun(flowData), testServices([...nodes])))
    expect((await ask()).text).toBe((await ask()).text)
  })
})
