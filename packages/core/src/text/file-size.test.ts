import { describe, expect, it } from 'vitest'
import { formatFileSize } from './file-size.js'

describe('formatFileSize (SPEC §9: Bytes through YB, 2 decimals)', () => {
  it('names each unit in steps of 1024 with at most 2 decimals', () => {
    expect(formatFileSize(0)).toBe('0 Bytes')
    expect(formatFileSize(512)).toBe('512 Bytes')
    expect(formatFileSize(1024)).toBe('1 KB')
    expect(formatFileSize(1536)).toBe('1.5 KB')
    expect(formatFileSize(1234567)).toBe('1.18 MB')
    expect(formatFileSize(5 * 1024 ** 3)).toBe('5 GB')
    expect(formatFileSize(1024 ** 8)).toBe('1 YB')
    expect(formatFileSize(1024 ** 9)).toBe('1024 YB')
  })

  it('answers 0 Bytes for nothing or nonsense', () => {
    expect(formatFileSize(-5)).toBe('0 Bytes')
    expect(formatFileSize(Number.NaN)).toBe('0 Bytes')
  })
})
