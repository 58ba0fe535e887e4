import { describe, expect, it } from 'vitest'
import { findInputAnchor, findOutputHandle, handleTypes, outputHandles } from './anchors.js'
import { llmChain, makeNode } from './test-fixtures.js'

describe('handleTypes', () => {
  it('splits output (`A | B`) and input (`A|B`) types alike, dropping blanks', () => {
    expect(handleTypes('ChatOpenAI | BaseChatModel')).toEqual(['ChatOpenAI', 'BaseChatModel'])
    expect(handleTypes('Start|Agent ')).toEqual(['Start', 'Agent'])
    expect(handleTypes('')).toEqual([])
  })
})

describe('output and input handles', () => {
  const data = makeNode(llmChain, 'llmChain_0').data

  it('lists every option of a choice of outputs as a handle', () => {
    expect(outputHandles(data).map((handle) => handle.name)).toEqual(['llmChain', 'outputPrediction'])
    expect(findOutputHandle(data, 'llmChain_0-output-outputPrediction-string|json')?.type).toBe('string | json')
    expect(findOutputHandle(data, 'nope')).toBeUndefined()
  })

  it('finds an input anchor by its handle id', () => {
    expect(findInputAnchor(data, 'llmChain_0-input-prompt-BasePromptTemplate')?.name).toBe('prompt')
    expect(findInputAnchor(data, 'llmChain_0-input-chainName-string')).toBeUndefined()
  })
})
