import { describe, expect, it } from 'vitest'
import { fillSynthesisPrompt, REFINE_PROMPT, TEXT_QA_PROMPT } from './synthesis-prompts.js'

describe('fillSynthesisPrompt', () => {
  it('fills every variable, as often as it appears, and leaves other braces', () => {
    expect(fillSynthesisPrompt('{query}? {context} {query} {other}', { query: 'Q', context: 'C' })).toBe(
      'Q? C Q {other}',
    )
    expect(fillSynthesisPrompt('{existingAnswer}|{context}', {})).toBe('|')
  })

  it('puts the query, the context and the answer so far into the default prompts', () => {
    const qa = fillSynthesisPrompt(TEXT_QA_PROMPT, { context: 'Oslo is cold.', query: 'Is Oslo cold?' })
    expect(qa).toContain('Oslo is cold.')
    expect(qa).toContain('Query: Is Oslo cold?')
    const refine = fillSynthesisPrompt(REFINE_PROMPT, { context: 'More.', query: 'Q', existingAnswer: 'Yes.' })
    expect(refine).toContain('An answer so far: Yes.')
    expect(refine).not.toMatch(/\{(context|query|existingAnswer)\}/)
  })
})
