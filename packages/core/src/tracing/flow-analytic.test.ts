import { describe, expect, it } from 'vitest'
import { analyticProblem, readFlowAnalytic, tracingChoices } from './flow-analytic.js'

describe('analyticProblem', () => {
  it('accepts Flowise’s shape, with providers on and off and providers Weft does not trace to', () => {
    expect(
      analyticProblem({
        langSmith: { status: true, credentialId: 'c1', projectName: 'shop' },
        langFuse: { status: false },
        arizePhoenix: { status: false, credentialId: '' },
        lunary: { status: true, anything: 1 },
      }),
    ).toBeUndefined()
    expect(analyticProblem({})).toBeUndefined()
  })

  it('names the provider and the field that is wrong', () => {
    expect(analyticProblem({ langSmith: 'on' })).toBe('langSmith must be an object')
    expect(analyticProblem({ langFuse: { status: 'yes' } })).toBe('langFuse.status must be true or false')
    expect(analyticProblem({ openTelemetry: { credentialId: 7 } })).toBe(
      'openTelemetry.credentialId must be the id of a credential',
    )
    expect(analyticProblem({ langSmith: { projectName: ['a'] } })).toBe('langSmith.projectName must be text')
    expect(analyticProblem({ arizePhoenix: { status: true } })).toBe(
      'arizePhoenix.credentialId is required while Arize Phoenix is on',
    )
    expect(analyticProblem({ langSmith: { projectName: 'x'.repeat(256) } })).toBe(
      'langSmith.projectName must be at most 255 characters',
    )
  })
})

describe('readFlowAnalytic', () => {
  it('reads the stored text, and treats nothing or bad text as no setting', () => {
    expect(readFlowAnalytic('{"langSmith":{"status":true}}')).toEqual({ langSmith: { status: true } })
    for (const text of [null, undefined, '', 'not json', '[]', '"text"']) expect(readFlowAnalytic(text)).toEqual({})
  })
})

describe('tracingChoices', () => {
  it('lists the providers switched on with a credential, with a trimmed project name', () => {
    expect(
      tracingChoices({
        langSmith: { status: true, credentialId: 'c1', projectName: '  shop  ' },
        langFuse: { status: false, credentialId: 'c2' },
        openTelemetry: { status: true, credentialId: 'c3', projectName: ' ' },
        arizePhoenix: { status: true, credentialId: '' },
        lunary: { status: true, credentialId: 'c4' },
      }),
    ).toEqual([
      { provider: 'langSmith', credentialId: 'c1', projectName: 'shop' },
      { provider: 'openTelemetry', credentialId: 'c3' },
    ])
  })

  it('counts a setting the routes would refuse as off', () => {
    expect(tracingChoices({ langSmith: { status: 'true', credentialId: 'c1' } as never })).toEqual([])
    expect(tracingChoices({ langFuse: 'on' as never })).toEqual([])
  })
})
