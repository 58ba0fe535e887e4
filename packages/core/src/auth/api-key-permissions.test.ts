import { describe, expect, it } from 'vitest'
import type { AccessContext } from './access.js'
import { API_KEY_PERMISSIONS, isApiKeyPermission, refusedKeyPermission } from './api-key-permissions.js'
import { isPermission } from './permissions.js'

const maker = (over: Partial<AccessContext>): AccessContext => ({
  platform: 'enterprise',
  isGlobal: false,
  permissions: [],
  features: {},
  ...over,
})

describe('API key permissions', () => {
  it('offer only real permissions, once each, and none of the organization’s own management', () => {
    expect(API_KEY_PERMISSIONS.every(isPermission)).toBe(true)
    expect(new Set(API_KEY_PERMISSIONS).size).toBe(API_KEY_PERMISSIONS.length)
    for (const id of ['users:manage', 'roles:manage', 'sso:manage', 'loginActivity:view']) {
      expect(isApiKeyPermission(id)).toBe(false)
    }
    expect(isApiKeyPermission('chatflows:view')).toBe(true)
  })

  it('are never more than the maker holds', () => {
    const member = maker({ permissions: ['chatflows:view', 'apikeys:create'] })
    expect(refusedKeyPermission(member, ['chatflows:view'])).toBeUndefined()
    expect(refusedKeyPermission(member, ['chatflows:view', 'credentials:view'])).toBe('credentials:view')
    // Open source passes a person everything; a key making a key stays within its own list there too.
    expect(refusedKeyPermission(maker({ platform: 'open source' }), ['credentials:view'])).toBeUndefined()
    const key = maker({ platform: 'open source', isApiKey: true, permissions: ['apikeys:create', 'chatflows:view'] })
    expect(refusedKeyPermission(key, ['chatflows:view'])).toBeUndefined()
    expect(refusedKeyPermission(key, ['credentials:view'])).toBe('credentials:view')
  })
})
