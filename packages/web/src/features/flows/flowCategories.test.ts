import { describe, expect, it } from 'vitest'
import { categoriesOf, categoryError, categoryTextOf } from './flowCategories'

describe('flow categories', () => {
  it('reads Flowise’s ;-separated text, dropping blanks and spaces around names', () => {
    expect(categoriesOf('customer; faq;;  ')).toEqual(['customer', 'faq'])
    expect(categoriesOf(null)).toEqual([])
    expect(categoriesOf('')).toEqual([])
  })

  it('writes them back joined by ;, or null when there are none', () => {
    expect(categoryTextOf(['customer', 'faq'])).toBe('customer;faq')
    expect(categoryTextOf([])).toBeNull()
    expect(categoriesOf(categoryTextOf(['a b', 'c']))).toEqual(['a b', 'c'])
  })

  it('refuses a blank, a separator, a long name, a repeat and a total the server would not keep', () => {
    expect(categoryError('  ', [])).toBe('Category is required')
    expect(categoryError('a;b', [])).toBe('A category cannot contain “;”: it separates categories')
    expect(categoryError('x'.repeat(51), [])).toBe('A category must be at most 50 characters')
    expect(categoryError(' FAQ ', ['faq'])).toBe('FAQ is already a category')
    const many = Array.from({ length: 20 }, (_, index) => `${index}`.padEnd(49, 'x'))
    expect(categoryError('one more', many)).toBe('All categories together must be at most 1000 characters')
    expect(categoryError('support', ['faq'])).toBeUndefined()
  })
})
