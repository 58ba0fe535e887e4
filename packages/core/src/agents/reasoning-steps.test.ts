import { describe, expect, it } from 'vitest'
import {
  parseReactReply,
  reactJsonSystemPrompt,
  reactTextPrompt,
  reactToolArguments,
  replyBeforeObservation,
} from './reasoning-steps.js'

describe('parseReactReply', () => {
  it('reads Action and Action Input lines as a tool call', () => {
    expect(parseReactReply('Thought: I should add.\nAction: calculator\nAction Input: 2 + 2')).toEqual({
      kind: 'action',
      tool: 'calculator',
      input: '2 + 2',
    })
    expect(parseReactReply('Action: [search]\nAction Input: "weather in Oslo"')).toEqual({
      kind: 'action',
      tool: 'search',
      input: 'weather in Oslo',
    })
  })

  it('ignores what the model invented after the first Observation', () => {
    const text = 'Action: calculator\nAction Input: 1+1\nObservation: 3\nThought: done\nFinal Answer: 3'
    expect(replyBeforeObservation(text)).toBe('Action: calculator\nAction Input: 1+1')
    expect(parseReactReply(text)).toEqual({ kind: 'action', tool: 'calculator', input: '1+1' })
  })

  it('reads a Final Answer line, and takes a reply in no known shape as the answer', () => {
    expect(parseReactReply('Thought: I know it.\nFinal Answer: Paris is the capital.')).toEqual({
      kind: 'final',
      answer: 'Paris is the capital.',
    })
    expect(parseReactReply('  Just hello.  ')).toEqual({ kind: 'final', answer: 'Just hello.' })
  })

  it('reads the JSON blob format, with an object as the input and Final Answer as the answer', () => {
    const call = '```json\n{"action": "lookup", "action_input": {"orderId": "A-7"}}\n```'
    expect(parseReactReply(call)).toEqual({ kind: 'action', tool: 'lookup', input: '{"orderId":"A-7"}' })
    expect(parseReactReply('{"action": "Final Answer", "action_input": "It ships tomorrow."}')).toEqual({
      kind: 'final',
      answer: 'It ships tomorrow.',
    })
  })
})

describe('reactToolArguments', () => {
  const schema = { type: 'object', properties: { expression: { type: 'string' } }, required: ['expression'] }

  it('keeps a JSON object, and gives plain text to the only field', () => {
    expect(reactToolArguments('{"expression": "1+2"}', schema)).toEqual({ expression: '1+2' })
    expect(reactToolArguments(' 1+2 ', schema)).toEqual({ expression: '1+2' })
  })

  it('gives text to the first required field of several, or to input', () => {
    const two = { properties: { q: {}, limit: {} }, required: ['q'] }
    expect(reactToolArguments('cats', two)).toEqual({ q: 'cats' })
    expect(reactToolArguments('{not json', undefined)).toEqual({ input: '{not json' })
  })
})

describe('the prompts', () => {
  const tools = [{ name: 'calculator', description: 'Does arithmetic.' }]

  it('lists the tools, the conversation, the question and the rounds done', () => {
    const prompt = reactTextPrompt({
      system: 'Be brief.',
      tools,
      history: 'Human: hi\nAI: hello',
      question: 'What is 2+2?',
      steps: [{ reply: 'Action: calculator\nAction Input: 2+2', observation: '4' }],
    })
    expect(prompt.startsWith('Be brief.\n')).toBe(true)
    expect(prompt).toContain('- calculator: Does arithmetic.')
    expect(prompt).toContain('Action: the tool to use, one of [calculator]')
    expect(prompt).toContain('Conversation so far:\nHuman: hi\nAI: hello')
    expect(
      prompt.endsWith('Question: What is 2+2?\nAction: calculator\nAction Input: 2+2\nObservation: 4\nThought:'),
    ).toBe(true)
  })

  it('tells a JSON-format agent how to call a tool and how to answer', () => {
    const system = reactJsonSystemPrompt({ system: 'You help.', tools })
    expect(system).toContain('"action": "one of [calculator]"')
    expect(system).toContain('{"action": "Final Answer", "action_input": "your answer to the user"}')
  })
})
