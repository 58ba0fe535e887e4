import { describe, expect, it } from 'vitest'
import { readInputPath } from './read-input-path.js'

const inputs = {
  modelName: 'gpt-4o',
  'odd.name': 'literal',
  conditions: [{ type: 'number', value1: 1 }, { type: 'string' }],
  rows: '[{"output":"Agent"}]',
}

describe('readInputPath', () => {
  it('reads a plain name, even one containing a dot', () => {
    expect(readInputPath(inputs, 'modelName')).toBe('gpt-4o')
    expect(readInputPath(inputs, 'odd.name')).toBe('literal')
  })

  it('reads bracket and dotted paths into arrays, with $index replaced', () => {
    expect(readInputPath(inputs, 'conditions[1].type')).toBe('string')
    expect(readInputPath(inputs, 'conditions.0.type')).toBe('number')
    expect(readInputPath(inputs, 'conditions[$index].type', 0)).toBe('number')
  })

  it('reads into arrays stored as JSON text', () => {
    expect(readInputPath(inputs, 'rows[0].output')).toBe('Agent')
  })

  it('answers undefined for a missing path', () => {
    expect(readInputPath(inputs, 'conditions[5].type')).toBeUndefined()
    expect(readInputPath(inputs, 'modelName.length.x')).toBeUndefined()
    expect(readInputPath(inputs, 'nothing')).toBeUndefined()
  })
})
