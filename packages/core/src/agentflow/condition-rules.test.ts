import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  CONDITION_OPERATIONS,
  evaluateConditionRules,
  isConditionFulfilled,
  type ConditionStepRule,
} from './condition-rules.js'

const holds = (type: string, value1: unknown, operation: string, value2: unknown = '') =>
  isConditionFulfilled({ type, value1, operation, value2 })

describe('isConditionFulfilled', () => {
  it('compares text', () => {
    expect(holds('string', 'What is the price?', 'contains', 'price')).toBe(true)
    expect(holds('string', 'What is the price?', 'notContains', 'price')).toBe(false)
    expect(holds('string', 'report.pdf', 'endsWith', '.pdf')).toBe(true)
    expect(holds('string', 'report.pdf', 'startsWith', 'rep')).toBe(true)
    expect(holds('string', 'yes', 'equal', 'yes')).toBe(true)
    expect(holds('string', 'yes', 'equal', 'Yes')).toBe(false)
    expect(holds('string', 'yes', 'notEqual', 'no')).toBe(true)
    expect(holds('string', 'order #1234', 'regex', '#\\d{4}$')).toBe(true)
    expect(holds('string', 'order #12', 'regex', '#\\d{4}$')).toBe(false)
  })

  it('calls a value of no text or only spaces empty, whatever its type', () => {
    for (const type of ['string', 'number', 'boolean']) {
      expect(holds(type, '', 'isEmpty'), type).toBe(true)
      expect(holds(type, '  \n', 'isEmpty'), type).toBe(true)
      expect(holds(type, undefined, 'isEmpty'), type).toBe(true)
      expect(holds(type, '0', 'isEmpty'), type).toBe(false)
      expect(holds(type, 'false', 'notEmpty'), type).toBe(true)
    }
  })

  it('compares numbers given as text or as numbers, not as text', () => {
    expect(holds('number', '10', 'larger', '9')).toBe(true) // as text, "10" < "9"
    expect(holds('number', ' 2.50 ', 'equal', 2.5)).toBe(true)
    expect(holds('number', 3, 'largerEqual', '3')).toBe(true)
    expect(holds('number', '-1', 'smaller', '0')).toBe(true)
    expect(holds('number', '1e3', 'smallerEqual', '1000')).toBe(true)
    expect(holds('number', '7', 'notEqual', '7')).toBe(false)
  })

  it('compares booleans given as text in any case or as booleans', () => {
    expect(holds('boolean', 'TRUE', 'equal', true)).toBe(true)
    expect(holds('boolean', ' false ', 'equal', 'false')).toBe(true)
    expect(holds('boolean', 'true', 'notEqual', 'false')).toBe(true)
  })

  it('reads a value that is not text as its JSON', () => {
    expect(holds('string', { status: 'open' }, 'contains', '"status":"open"')).toBe(true)
    expect(holds('string', null, 'equal', '')).toBe(true)
  })

  it('takes the descriptor defaults: string, equal', () => {
    expect(isConditionFulfilled({ value1: 'a', value2: 'a' })).toBe(true)
  })

  it('names the rule and the value that is not a number or a boolean', () => {
    expect(() =>
      isConditionFulfilled({ type: 'number', value1: 'twelve', operation: 'larger', value2: '3' }, 'Condition 1'),
    ).toThrow('Condition 1: Value 1 is "twelve", which is not a number.')
    expect(() => holds('number', '3', 'larger', '')).toThrow('Value 2 is "", which is not a number.')
    expect(() => holds('number', 'Infinity', 'larger', '1')).toThrow('"Infinity", which is not a number')
    expect(() => holds('boolean', 'yes', 'equal', 'true')).toThrow('Value 1 is "yes", which is not true or false.')
  })

  it('cuts a long value in the message', () => {
    expect(() => holds('number', 'x'.repeat(500), 'equal', '1')).toThrow(`"${'x'.repeat(80)}…", which is not a number`)
  })

  it('says a regex is not valid instead of failing on a syntax error', () => {
    expect(() => isConditionFulfilled({ value1: 'a', operation: 'regex', value2: '(unclosed' }, 'Condition 2')).toThrow(
      /^Condition 2: the regex "\(unclosed" is not valid: /,
    )
  })

  it('refuses a type or an operation it does not know, listing the ones it does', () => {
    expect(() => holds('date', 'a', 'equal', 'a')).toThrow('the type "date" is not string, number or boolean.')
    expect(() => holds('boolean', 'true', 'larger', 'false')).toThrow(
      '"larger" is not an operation for booleans; use one of equal, notEqual, isEmpty, notEmpty.',
    )
    expect(() => holds('string', 'a', 'constructor', 'a')).toThrow('"constructor" is not an operation for strings')
  })
})

describe('CONDITION_OPERATIONS', () => {
  it('has the operations the descriptor offers', () => {
    expect([...CONDITION_OPERATIONS.string].sort()).toEqual(
      ['contains', 'endsWith', 'equal', 'isEmpty', 'notContains', 'notEmpty', 'notEqual', 'regex', 'startsWith'].sort(),
    )
    expect([...CONDITION_OPERATIONS.number].sort()).toEqual(
      ['equal', 'isEmpty', 'larger', 'largerEqual', 'notEmpty', 'notEqual', 'smaller', 'smallerEqual'].sort(),
    )
  })
})

describe('condition rule properties', () => {
  const number = fc.double({ noNaN: true, noDefaultInfinity: true })

  it('each "not" operation is the opposite of its pair', () => {
    const pairs = [
      ['contains', 'notContains'],
      ['equal', 'notEqual'],
      ['isEmpty', 'notEmpty'],
    ]
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        for (const [yes, no] of pairs) expect(holds('string', a, yes!, b)).toBe(!holds('string', a, no!, b))
      }),
    )
    fc.assert(
      fc.property(number, number, (a, b) => {
        expect(holds('number', String(a), 'equal', String(b))).toBe(!holds('number', a, 'notEqual', b))
      }),
    )
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), (a, b) => {
        expect(holds('boolean', String(a), 'equal', b)).toBe(!holds('boolean', a, 'notEqual', String(b)))
      }),
    )
  })

  it('orders numbers written as text the way it orders the numbers', () => {
    fc.assert(
      fc.property(number, number, (a, b) => {
        const [x, y] = [String(a), String(b)]
        expect(holds('number', x, 'larger', y)).toBe(a > b)
        expect(holds('number', x, 'larger', y)).toBe(holds('number', y, 'smaller', x))
        expect(holds('number', x, 'largerEqual', y)).toBe(
          holds('number', x, 'larger', y) || holds('number', x, 'equal', y),
        )
        expect(holds('number', x, 'smallerEqual', y)).toBe(!holds('number', x, 'larger', y))
      }),
    )
  })

  it('finds any text inside a text that holds it, at its start and at its end', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (before, middle, after) => {
        expect(holds('string', before + middle + after, 'contains', middle)).toBe(true)
        expect(holds('string', middle + after, 'startsWith', middle)).toBe(true)
        expect(holds('string', before + middle, 'endsWith', middle)).toBe(true)
      }),
    )
  })
})

describe('evaluateConditionRules', () => {
  const rule = (value1: string, value2: string): ConditionStepRule => ({
    type: 'string',
    value1,
    operation: 'equal',
    value2,
  })

  it('takes the first rule that holds, and records it as the only output taken', () => {
    expect(evaluateConditionRules([rule('a', 'b'), rule('x', 'x'), rule('y', 'y')])).toEqual({
      taken: 1,
      conditions: [
        { output: 'Condition 0', isFulfilled: false },
        { output: 'Condition 1', isFulfilled: true },
        { output: 'Condition 2', isFulfilled: false },
        { output: 'Else', isFulfilled: false },
      ],
    })
  })

  it('takes Else when no rule holds, and when there are no rules', () => {
    expect(evaluateConditionRules([rule('a', 'b')]).taken).toBe(1)
    expect(evaluateConditionRules([rule('a', 'b')]).conditions.at(-1)).toEqual({ output: 'Else', isFulfilled: true })
    expect(evaluateConditionRules([])).toEqual({ taken: 0, conditions: [{ output: 'Else', isFulfilled: true }] })
  })

  it('does not evaluate the rules after the one taken, and names a failing rule by its output', () => {
    const broken: ConditionStepRule = { type: 'number', value1: 'n/a', operation: 'larger', value2: '1' }
    expect(evaluateConditionRules([rule('x', 'x'), broken]).taken).toBe(0)
    expect(() => evaluateConditionRules([rule('a', 'b'), broken])).toThrow('Condition 1: Value 1 is "n/a"')
  })

  it('always takes exactly one output, the first whose rule holds', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('a', 'b'), fc.constantFrom('a', 'b'))), (pairs) => {
        const outcome = evaluateConditionRules(pairs.map(([a, b]) => rule(a, b)))
        const first = pairs.findIndex(([a, b]) => a === b)
        expect(outcome.taken).toBe(first === -1 ? pairs.length : first)
        expect(outcome.conditions).toHaveLength(pairs.length + 1)
        expect(outcome.conditions.filter((condition) => condition.isFulfilled)).toHaveLength(1)
        expect(outcome.conditions[outcome.taken]!.isFulfilled).toBe(true)
      }),
    )
  })
})
