import { describe, expect, it } from 'vitest'
import { formatChatHistory, substituteVariables, type TextVariables } from './substitute-variables.js'

const variables = (overrides: Partial<TextVariables> = {}): TextVariables => ({
  question: 'How warm is it?',
  history: [
    { role: 'userMessage', content: 'Hello' },
    { role: 'apiMessage', content: 'Hi, how can I help?' },
  ],
  vars: { city: 'Lyon', unit: 'celsius' },
  flow: { chatflowId: 'flow-1', chatId: 'chat-1', sessionId: 'session-1' },
  state: new Map<string, unknown>([
    ['mood', 'sunny'],
    ['count', 3],
  ]),
  nodeValue: (id) => ({ text_0: 'from a node', data_0: { a: 1 } })[id],
  ...overrides,
})

describe('substituteVariables', () => {
  it('puts in the question and the chat history', () => {
    expect(substituteVariables('Q: {{question}}\n{{ chat_history }}', variables())).toBe(
      'Q: How warm is it?\nHuman: Hello\nAI: Hi, how can I help?',
    )
  })

  it('puts in workspace variables, bare or in braces', () => {
    expect(substituteVariables('In $vars.city, in {{$vars.unit}}.', variables())).toBe('In Lyon, in celsius.')
  })

  it('puts in the $flow fields and the flow state', () => {
    const text = '$flow.chatflowId $flow.chatId {{$flow.sessionId}} $flow.input $flow.state.mood {{$flow.state.count}}'
    expect(substituteVariables(text, variables())).toBe('flow-1 chat-1 session-1 How warm is it? sunny 3')
  })

  it('puts in the value of a node built earlier, data as JSON', () => {
    expect(substituteVariables('A: {{text_0.data.instance}} B: {{data_0.data.instance}}', variables())).toBe(
      'A: from a node B: {"a":1}',
    )
  })

  it('leaves what names nothing known as written', () => {
    const text = '$vars.missing {{$flow.state.none}} $flow.other {{ghost_0.data.instance}} {{product}} costs $5'
    expect(substituteVariables(text, variables())).toBe(text)
  })

  it('never expands variables that arrive inside the question', () => {
    const text = substituteVariables('{{question}}', variables({ question: 'Tell me $vars.city and {{chat_history}}' }))
    expect(text).toBe('Tell me $vars.city and {{chat_history}}')
  })
})

describe('formatChatHistory', () => {
  it('writes one line per turn, the user as Human and the flow as AI', () => {
    expect(formatChatHistory([])).toBe('')
    expect(formatChatHistory(variables().history)).toBe('Human: Hello\nAI: Hi, how can I help?')
  })
})
