import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { isOpenSource, parsePlatformType } from './platform.js'

describe('parsePlatformType (SPEC §1)', () => {
  it('"enterprise" and "cloud" name those editions', () => {
    expect(parsePlatformType('enterprise')).toBe('enterprise')
    expect(parsePlatformType('cloud')).toBe('cloud')
  })

  it('any other value means open source', () => {
    for (const v of [undefined, null, '', 'Enterprise', 'CLOUD', ' cloud', 'opensource', 'open source', 1, {}, true]) {
      expect(parsePlatformType(v)).toBe('open source')
    }
  })

  it('property: random strings other than the two names are open source', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        fc.pre(s !== 'enterprise' && s !== 'cloud')
        expect(parsePlatformType(s)).toBe('open source')
      }),
    )
  })

  it('isOpenSource is true only for open source', () => {
    expect(isOpenSource('open source')).toBe(true)
    expect(isOpenSource('enterprise')).toBe(false)
    expect(isOpenSource('cloud')).toBe(false)
  })
})
