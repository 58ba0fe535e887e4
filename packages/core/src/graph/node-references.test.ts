import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { looksLikeNodeId, mapNodeReferences, referencedHeads, removeReferencesTo } from './node-references.js'

const removeChatModel = removeReferencesTo(new Set(['chatOpenAI_0']))

describe('mapNodeReferences', () => {
  it('removes a chatflow connection, leaving an empty string', () => {
    expect(mapNodeReferences('{{chatOpenAI_0.data.instance}}', removeChatModel)).toBe('')
  })

  it('removes agentflow V2 variables in every spacing and keeps the rest of the text', () => {
    const text = 'Summarise {{ chatOpenAI_0 }} and {{chatOpenAI_0.output.content}} for {{ $flow.state.user }}'
    expect(mapNodeReferences(text, removeChatModel)).toBe('Summarise  and  for {{ $flow.state.user }}')
  })

  it('does not touch a node whose id merely starts with the removed id', () => {
    expect(mapNodeReferences('{{chatOpenAI_01.data.instance}}', removeChatModel)).toBe(
      '{{chatOpenAI_01.data.instance}}',
    )
  })

  it('filters a list anchor and recurses into array params', () => {
    const inputs = {
      tools: ['{{calculator_0.data.instance}}', '{{chatOpenAI_0.data.instance}}'],
      conditions: [{ value1: '{{ chatOpenAI_0 }}', value2: 'yes' }],
      empty: ['', 'kept'],
      count: 3,
    }
    expect(mapNodeReferences(inputs, removeChatModel)).toEqual({
      tools: ['{{calculator_0.data.instance}}'],
      conditions: [{ value1: '', value2: 'yes' }],
      empty: ['', 'kept'],
      count: 3,
    })
  })

  it('renames a reference without changing its form', () => {
    const rename = (head: string) => (head === 'llm_0' ? 'llm_$1' : undefined)
    expect(mapNodeReferences('a {{ llm_0.output }} b', rename)).toBe('a {{ llm_$1.output }} b')
  })

  it('property: after removal no reference to the id remains', () => {
    const piece = fc.constantFrom(
      '{{chatOpenAI_0.data.instance}}',
      '{{ chatOpenAI_0 }}',
      'text ',
      '{{ question }}',
      '{{x_1}}',
    )
    fc.assert(
      fc.property(fc.array(fc.array(piece).map((parts) => parts.join(''))), (values) => {
        expect(referencedHeads(mapNodeReferences(values, removeChatModel))).not.toContain('chatOpenAI_0')
      }),
    )
  })
})

describe('looksLikeNodeId', () => {
  it('tells node ids from variables', () => {
    expect(looksLikeNodeId('chatOpenAI_12')).toBe(true)
    expect(looksLikeNodeId('$flow')).toBe(false)
    expect(looksLikeNodeId('chat_history')).toBe(false)
    expect(looksLikeNodeId('question')).toBe(false)
  })
})

describe('mapNodeReferences keeps unchanged values', () => {
  it('returns the same objects when nothing refers to the removed node', () => {
    const inputs = { tools: ['{{calculator_0.data.instance}}'], nested: { a: 'x' } }
    expect(mapNodeReferences(inputs, removeChatModel)).toBe(inputs)
    const changed = mapNodeReferences(
      { ...inputs, model: '{{chatOpenAI_0.data.instance}}' },
      removeChatModel,
    ) as typeof inputs
    expect(changed.tools).toBe(inputs.tools)
  })
})
