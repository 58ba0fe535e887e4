import { describe, expect, it } from 'vitest'
import { auditRuleFor, isLoginActivityKind, LOGIN_ACTIVITY_KINDS, LOGIN_ACTIVITY_LABELS } from './activity.js'

describe('audit rules', () => {
  it('records management changes by route pattern', () => {
    expect(auditRuleFor('POST', '/api/v1/chatflows')).toEqual({ action: 'create', objectType: 'flow' })
    expect(auditRuleFor('delete', '/api/v1/credentials/:id')).toMatchObject({
      action: 'delete',
      objectType: 'credential',
      idFrom: 'id',
    })
    expect(auditRuleFor('POST', '/api/v1/export-import/import')).toMatchObject({ action: 'import' })
    expect(auditRuleFor('POST', '/api/v1/workspace/shared/:id')).toMatchObject({ action: 'share' })
  })
  it('leaves out reads, runs, sign-in, previews, queries and tests', () => {
    for (const [method, route] of [
      ['GET', '/api/v1/chatflows'],
      ['POST', '/api/v1/prediction/:id'],
      ['POST', '/api/v1/internal-prediction/:id'],
      ['POST', '/api/v1/auth/login'],
      ['POST', '/api/v1/account/logout'],
      ['POST', '/api/v1/document-store/loader/preview'],
      ['POST', '/api/v1/document-store/vectorstore/query'],
      ['POST', '/api/v1/tools/test'],
      ['POST', '/api/v1/sso-config/test'],
      ['POST', '/api/v1/workspace/switch'],
    ] as const) {
      expect(auditRuleFor(method, route), `${method} ${route}`).toBeUndefined()
    }
  })
  it('labels every login activity kind', () => {
    for (const kind of LOGIN_ACTIVITY_KINDS) expect(LOGIN_ACTIVITY_LABELS[kind]).toBeTruthy()
    expect(isLoginActivityKind('wrong_password')).toBe(true)
    expect(isLoginActivityKind('drop table')).toBe(false)
  })
})
