import { describe, expect, it } from 'vitest'
import directReply from './direct-reply-agentflow.node.js'
import { runStep, testStep } from './testing/test-step.js'

const message = 'Thanks! Ticket T-12 is on its way.'

describe('Direct Reply step', () => {
  it('answers with the message word for word, streamed as one token when it ends the flow', async () => {
    const step = testStep(directReply, { inputs: { directReplyMessage: message }, isLastStep: true })
    const result = await runStep(directReply, step)
    expect(result.output).toEqual({ content: message })
    expect(step.events).toEqual([{ event: 'token', data: message }])
  })

  it('streams nothing when another step follows', async () => {
    const step = testStep(directReply, { inputs: { directReplyMessage: message }, isLastStep: false })
    expect((await runStep(directReply, step)).output.content).toBe(message)
    expect(step.events).toEqual([])
  })
})
