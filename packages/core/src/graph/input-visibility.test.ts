import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { applyInputVisibility, isInputDisplayed, matchesDisplayValue } from './input-visibility.js'
import { deepFreeze, makeNode } from './test-fixtures.js'
import { descriptor } from './test-fixtures.js'

describe('matchesDisplayValue (SPEC §4)', () => {
  it('strings match when equal or when the rule is a regular expression that finds the value', () => {
    expect(matchesDisplayValue('gpt-4o', 'gpt-4o')).toBe(true)
    expect(matchesDisplayValue('gpt-4o-mini', '^gpt')).toBe(true)
    expect(matchesDisplayValue('claude', '^gpt')).toBe(false)
    expect(matchesDisplayValue(undefined, 'x')).toBe(false)
  })

  it('an invalid regular expression falls back to equality', () => {
    expect(matchesDisplayValue('(', '(')).toBe(true)
    expect(matchesDisplayValue('a(', '(')).toBe(false)
  })

  it('booleans and numbers match equal values and their text', () => {
    expect(matchesDisplayValue(true, true)).toBe(true)
    expect(matchesDisplayValue('true', true)).toBe(true)
    expect(matchesDisplayValue(false, true)).toBe(false)
    expect(matchesDisplayValue(undefined, false)).toBe(false)
    expect(matchesDisplayValue(3, 3)).toBe(true)
    expect(matchesDisplayValue('3', 3)).toBe(true)
    expect(matchesDisplayValue('', 0)).toBe(false)
    expect(matchesDisplayValue(4, 3)).toBe(false)
  })

  it('an array rule matches when any element matches', () => {
    expect(matchesDisplayValue('csv', ['json', 'csv'])).toBe(true)
    expect(matchesDisplayValue('pdf', ['json', 'csv'])).toBe(false)
  })

  it('a multiOptions value matches when any chosen element matches, also as JSON text', () => {
    expect(matchesDisplayValue(['a', 'b'], 'b')).toBe(true)
    expect(matchesDisplayValue('["a","b"]', 'b')).toBe(true)
    expect(matchesDisplayValue(['a'], 'b')).toBe(false)
  })

  it('objects match when deeply equal', () => {
    expect(matchesDisplayValue({ a: 1, b: { c: [1] } }, { b: { c: [1] }, a: 1 })).toBe(true)
    expect(matchesDisplayValue({ a: 1 }, { a: 2 })).toBe(false)
    expect(matchesDisplayValue({ a: 1 }, { a: 1, b: undefined })).toBe(false)
  })

  it('property: every value matches itself', () => {
    const leaf = fc.oneof(fc.boolean(), fc.integer(), fc.stringMatching(/^[a-z0-9 ]*$/))
    fc.assert(
      fc.property(fc.oneof(leaf, fc.dictionary(fc.string(), leaf)), (value) => {
        expect(matchesDisplayValue(value, value)).toBe(true)
      }),
    )
  })
})

describe('isInputDisplayed', () => {
  const inputs = { mode: 'advanced', streaming: true, conditions: [{ type: 'number' }, { type: 'string' }] }

  it('is displayed without rules', () => {
    expect(isInputDisplayed({}, inputs)).toBe(true)
  })

  it('a show rule hides the input unless every key matches', () => {
    expect(isInputDisplayed({ show: { mode: 'advanced' } }, inputs)).toBe(true)
    expect(isInputDisplayed({ show: { mode: 'advanced', streaming: false } }, inputs)).toBe(false)
    expect(isInputDisplayed({ show: { missing: 'x' } }, inputs)).toBe(false)
  })

  it('a hide rule hides the input when any key matches', () => {
    expect(isInputDisplayed({ hide: { streaming: true } }, inputs)).toBe(false)
    expect(isInputDisplayed({ hide: { mode: 'simple', streaming: false } }, inputs)).toBe(true)
  })

  it('an array item field reads its own item through $index', () => {
    const rule = { show: { 'conditions[$index].type': 'number' } }
    expect(isInputDisplayed(rule, inputs, 0)).toBe(true)
    expect(isInputDisplayed(rule, inputs, 1)).toBe(false)
  })
})

describe('applyInputVisibility', () => {
  it('sets display on params and anchors from the inputs', () => {
    const node = makeNode(
      descriptor({
        name: 'loader',
        inputs: [
          { label: 'Kind', name: 'kind', type: 'options', default: 'text' },
          { label: 'Separator', name: 'separator', type: 'string', show: { kind: 'csv' } },
          { label: 'Splitter', name: 'splitter', type: 'TextSplitter', hide: { kind: 'text' } },
        ],
      }),
      'loader_0',
    )
    const data = deepFreeze(node.data)
    const shown = applyInputVisibility(data)
    expect(shown.inputParams.map((param) => param.display)).toEqual([true, false])
    expect(shown.inputAnchors.map((anchor) => anchor.display)).toEqual([false])
    const csv = applyInputVisibility({ ...data, inputs: { ...data.inputs, kind: 'csv' } })
    expect(csv.inputParams.map((param) => param.display)).toEqual([true, true])
    expect(csv.inputAnchors.map((anchor) => anchor.display)).toEqual([true])
  })
})
