import { describe, expect, it } from 'vitest'
import { parseSubQuestions, subAnswerText, subQuestionPrompt } from './sub-questions.js'

describe('parseSubQuestions', () => {
  const tools = ['uber_10k', 'lyft_10k']

  it('reads a fenced or bare JSON list, keeping only known tools and each question once', () => {
    const text =
      'Here:\n```json\n[{"subQuestion": "Uber revenue?", "toolName": "uber_10k"},' +
      '{"subQuestion": "Uber revenue?", "toolName": "uber_10k"},' +
      '{"sub_question": "Lyft revenue?", "tool_name": "lyft_10k"},' +
      '{"subQuestion": "Weather?", "toolName": "weather"}, "junk"]\n```'
    expect(parseSubQuestions(text, tools)).toEqual([
      { subQuestion: 'Uber revenue?', toolName: 'uber_10k' },
      { subQuestion: 'Lyft revenue?', toolName: 'lyft_10k' },
    ])
    expect(parseSubQuestions('{"items": [{"subQuestion": "A?", "toolName": "lyft_10k"}]}', tools)).toEqual([
      { subQuestion: 'A?', toolName: 'lyft_10k' },
    ])
  })

  it('finds nothing in an answer without a list', () => {
    expect(parseSubQuestions('I cannot split this.', tools)).toEqual([])
  })
})

describe('the sub-question texts', () => {
  it('lists the tools and the question, and joins a question with its answer', () => {
    const prompt = subQuestionPrompt([{ name: 'uber_10k', description: 'Uber filings' }], 'Compare them')
    expect(prompt).toContain('- uber_10k: Uber filings')
    expect(prompt.endsWith('User question: Compare them')).toBe(true)
    expect(subAnswerText('Q?', 'A.')).toBe('Sub question: Q?\nResponse: A.')
  })
})
