import { describe, expect, it } from 'vitest'
import { evaluateArithmetic, formatNumber } from './arithmetic.js'

const calc = (expression: string) => formatNumber(evaluateArithmetic(expression))

describe('evaluateArithmetic (the calculator tool)', () => {
  it('follows the usual order of operations', () => {
    expect(calc('2 + 3 * 4')).toBe('14')
    expect(calc('(2 + 3) * 4')).toBe('20')
    expect(calc('10 - 4 - 3')).toBe('3')
    expect(calc('100 / 10 / 5')).toBe('2')
    expect(calc('17 % 5')).toBe('2')
    expect(calc('2 ^ 3 ^ 2')).toBe('512')
    expect(calc('2 ** 10')).toBe('1024')
  })

  it('reads decimals, exponents and unary minus', () => {
    expect(calc('0.1 + 0.2')).toBe('0.3')
    expect(calc('.5 * 4')).toBe('2')
    expect(calc('1.5e3 / 3')).toBe('500')
    expect(calc('-2 ^ 2')).toBe('-4')
    expect(calc('(-2) ^ 2')).toBe('4')
    expect(calc('2 ^ -1')).toBe('0.5')
    expect(calc('- -3 + +1')).toBe('4')
    expect(calc('  12345 * 6789  ')).toBe('83810205')
  })

  it('refuses what is not arithmetic, saying where', () => {
    expect(() => evaluateArithmetic('2 + x')).toThrow('Unexpected "x" at position 5')
    expect(() => evaluateArithmetic('process.exit()')).toThrow('Unexpected "p" at position 1')
    expect(() => evaluateArithmetic('(1 + 2')).toThrow('Missing ")" for the "(" at position 1')
    expect(() => evaluateArithmetic('1 +')).toThrow('The expression ends too early')
    expect(() => evaluateArithmetic('1 2')).toThrow('Unexpected "2" at position 3')
    expect(() => evaluateArithmetic('')).toThrow('The expression is empty')
  })

  it('refuses division by zero and overflow', () => {
    expect(() => evaluateArithmetic('1 / (2 - 2)')).toThrow('Division by zero')
    expect(() => evaluateArithmetic('5 % 0')).toThrow('Division by zero')
    expect(() => evaluateArithmetic('10 ^ 400')).toThrow('too large')
  })
})
