import { REDACTED_SECRET, type InputParam } from '@weft/core'
import { describe, expect, it } from 'vitest'
import { validate } from '../../components/form/validators'
import { credentialRules, initialValues, toPlainData } from './credentialForm'

const inputs: InputParam[] = [
  { label: 'User', name: 'user', type: 'string' },
  { label: 'Password', name: 'password', type: 'password' },
  { label: 'Port', name: 'port', type: 'number', optional: true, default: 5432 },
  { label: 'Name', name: 'name', type: 'string', optional: true },
]

describe('credential form', () => {
  it('starts a new credential from the defaults', () => {
    expect(initialValues(inputs)).toEqual({
      name: '',
      'data.user': '',
      'data.password': '',
      'data.port': '5432',
      'data.name': '',
    })
  })

  it('shows a saved secret as an empty field and sends it back redacted when left alone', () => {
    const stored = { user: 'ada', password: REDACTED_SECRET }
    const values = initialValues(inputs, { name: 'Prod DB', plainDataObj: stored })
    expect(values).toMatchObject({ name: 'Prod DB', 'data.user': 'ada', 'data.password': '' })
    expect(validate(values, credentialRules(inputs, stored))).toEqual({})
    expect(toPlainData(inputs, values, stored)).toEqual({ user: 'ada', password: REDACTED_SECRET, port: '5432' })
    expect(toPlainData(inputs, { ...values, 'data.password': 'new secret' }, stored)).toMatchObject({
      password: 'new secret',
    })
  })

  it('asks for the name and every required field, and numbers in number fields', () => {
    const values = { ...initialValues(inputs), 'data.port': 'five' }
    expect(validate(values, credentialRules(inputs))).toEqual({
      name: 'Credential name is required',
      'data.user': 'User is required',
      'data.password': 'Password is required',
      'data.port': 'Enter a number',
    })
  })

  it('keeps an input called "name" apart from the credential name', () => {
    const values = { ...initialValues(inputs), name: 'Mine', 'data.name': 'theirs' }
    expect(toPlainData(inputs, values)).toMatchObject({ name: 'theirs' })
  })
})
