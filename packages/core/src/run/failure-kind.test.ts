import { describe, expect, it } from 'vitest'
import { failure, failureKindOf, failureStatus, markFailure } from './failure-kind.js'

describe('failure kinds', () => {
  it('maps each kind to its status, and an unclassified failure to 500', () => {
    expect(failureStatus(failure('request', 'question is missing'))).toBe(400)
    expect(failureStatus(failure('configuration', 'the address is refused'))).toBe(422)
    expect(failureStatus(failure('service', 'the model answered 401'))).toBe(502)
    expect(failureStatus(failure('timeout', 'no answer within 5 s'))).toBe(504)
    expect(failureStatus(new TypeError('undefined is not a function'))).toBe(500)
    expect(failureStatus('a string')).toBe(500)
    expect(failureStatus(undefined)).toBe(500)
  })

  it('finds the kind of what an error wraps, the nearest first', () => {
    const refused = failure('configuration', 'refused')
    const model = Object.assign(new Error('model failed', { cause: refused }), { failureKind: 'service' })
    expect(failureKindOf(new Error('node failed', { cause: refused }))).toBe('configuration')
    expect(failureKindOf({ message: 'step failed', original: model })).toBe('service')
    expect(failureKindOf(new Error('plain', { cause: new Error('plain too') }))).toBeUndefined()
  })

  it('keeps a kind already known, its own or what it wraps, when marked again', () => {
    expect(failureKindOf(markFailure(failure('timeout', 'slow'), 'service'))).toBe('timeout')
    const wrapped = new Error('model failed', { cause: failure('configuration', 'refused') })
    expect(failureKindOf(markFailure(wrapped, 'service'))).toBe('configuration')
    expect(failureKindOf(markFailure(new Error('model failed'), 'service'))).toBe('service')
  })
})
