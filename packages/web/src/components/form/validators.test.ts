import { describe, expect, it } from 'vitest'
import { confirmRules, emailRules, newPasswordRules, required, validate } from './validators'

describe('form validation', () => {
  const rules = { name: [required('Name')], email: emailRules, password: newPasswordRules, confirm: confirmRules('password') }

  it('accepts valid values', () => {
    expect(validate({ name: 'Ada', email: 'ada@example.com', password: 'longenough', confirm: 'longenough' }, rules)).toEqual({})
  })

  it('gives one clear message per field', () => {
    expect(validate({ name: ' ', email: 'ada@', password: 'short', confirm: 'other' }, rules)).toEqual({
      name: 'Name is required',
      email: 'Enter a valid email address',
      password: 'Password must be at least 8 characters',
      confirm: 'Passwords do not match',
    })
  })

  it('reports a missing value before its format', () => {
    expect(validate({ name: 'Ada', email: '', password: '', confirm: '' }, rules)).toEqual({
      email: 'Email is required',
      password: 'Password is required',
      confirm: 'Confirm password is required',
    })
  })

  it('counts exactly 8 characters as long enough', () => {
    expect(validate({ password: '12345678' }, { password: newPasswordRules })).toEqual({})
    expect(validate({ password: '1234567' }, { password: newPasswordRules })).toHaveProperty('password')
  })
})
