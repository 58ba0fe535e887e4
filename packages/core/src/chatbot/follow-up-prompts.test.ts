import { describe, expect, it } from 'vitest'
import { followUpPromptsOf, isFollowUpPromptsOn, readFollowUpQuestions } from './follow-up-prompts.js'

describe('follow-up prompts', () => {
  it('are on only when the stored setting says status true', () => {
    expect(isFollowUpPromptsOn('{"status":true,"selectedProvider":"chatOpenAI"}')).toBe(true)
    for (const setting of [null, undefined, '', '{"status":false}', '{"status":"true"}', 'not json', '[true]'])
      expect(isFollowUpPromptsOn(setting)).toBe(false)
  })

  it('are read from a list or from JSON text of one', () => {
    expect(followUpPromptsOf(['A?', ' ', 'B?'])).toEqual(['A?', 'B?'])
    expect(followUpPromptsOf('["A?","B?"]')).toEqual(['A?', 'B?'])
    expect(followUpPromptsOf('nonsense')).toEqual([])
    expect(followUpPromptsOf(undefined)).toEqual([])
  })

  it('take the model’s JSON list, fenced or as { questions }, at most three', () => {
    expect(readFollowUpQuestions('["What is a flow?", "How do I share it?", "Is it free?", "A fourth?"]')).toEqual([
      'What is a flow?',
      'How do I share it?',
      'Is it free?',
    ])
    expect(readFollowUpQuestions('```json\n{"questions": ["One?", "Two?"]}\n```')).toEqual(['One?', 'Two?'])
  })

  it('take one question per line when the model wrote a list in prose', () => {
    expect(
      readFollowUpQuestions('1. What is a node?\n2) How do edges work?\n- What is a node?\n\n* Can I export?'),
    ).toEqual(['What is a node?', 'How do edges work?', 'Can I export?'])
    expect(readFollowUpQuestions('')).toEqual([])
    expect(readFollowUpQuestions('[\n"Only?",\n]')).toEqual(['Only?'])
  })
})
