import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { toolNameOfTitle, uniqueToolName } from './assistant.js'

describe('tool names from titles', () => {
  it("follows Flowise's rule", () => {
    expect(toolNameOfTitle('Staff Handbook (2026)!')).toBe('staff_handbook_2026')
    expect(toolNameOfTitle('Ünïcode only')).toBe('ncode_only')
  })

  it('always answers a name models accept, unique among those taken', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string({ maxLength: 70 })), (title, others) => {
        const taken = new Set(others.map(toolNameOfTitle))
        const name = uniqueToolName(toolNameOfTitle(title) || 'tool', taken)
        expect(name).toMatch(/^[a-z0-9_-]{1,64}$/)
        expect(taken.has(name)).toBe(false)
      }),
    )
  })
})
