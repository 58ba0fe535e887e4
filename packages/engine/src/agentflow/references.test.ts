import { describe, expect, it } from 'vitest'
import { resolveText, type ReferenceScope } from './references.js'

const scope: ReferenceScope = {
  question: 'How long is the refund window?',
  history: [],
  state: { topic: 'refunds' },
  vars: {},
  flow: { chatflowId: 'flow-1', chatId: 'chat-1', sessionId: 'session-1', executionId: 'run-1' },
  outputs: {},
}

describe('step references', () => {
  it("fill in Flowise's current_date_time with the time the step runs, in ISO 8601", () => {
    const before = Date.now()
    const text = resolveText('Today is {{ current_date_time }}. Question: {{question}}', scope)
    const [, stamp] = /^Today is (\S+)\. Question: How long is the refund window\?$/.exec(text) ?? []
    expect(stamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    expect(Date.parse(stamp!)).toBeGreaterThanOrEqual(before - 1)
    expect(Date.parse(stamp!)).toBeLessThanOrEqual(Date.now())
  })

  it('leave an unknown reference as written', () => {
    expect(resolveText('{{ current_weather }} and {{ $flow.state.topic }}', scope)).toBe(
      '{{ current_weather }} and refunds',
    )
  })
})
