import { describe, expect, it } from 'vitest'
import { organizationLabel } from './organization-label.js'

describe("organizationLabel (SPEC §3: owner's name or email + \"'s Organization\")", () => {
  it("uses the owner's name", () => {
    expect(organizationLabel({ name: 'Ada', email: 'ada@example.com' })).toBe("Ada's Organization")
  })

  it('uses the email when the name is blank, null or missing', () => {
    expect(organizationLabel({ name: '', email: 'ada@example.com' })).toBe("ada@example.com's Organization")
    expect(organizationLabel({ name: '   ', email: 'ada@example.com' })).toBe("ada@example.com's Organization")
    expect(organizationLabel({ name: null, email: 'ada@example.com' })).toBe("ada@example.com's Organization")
    expect(organizationLabel({ email: 'ada@example.com' })).toBe("ada@example.com's Organization")
  })

  it('trims the name', () => {
    expect(organizationLabel({ name: '  Grace Hopper ', email: 'g@example.com' })).toBe("Grace Hopper's Organization")
  })
})
