import { describe, expect, it } from 'vitest'
import { imageDetailOf, imageTypeOfBytes, readFileUploads, storedFileName } from './stored-files.js'

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]

describe('storedFileName', () => {
  it('keeps an ordinary name as it is', () => {
    expect(storedFileName('x.png')).toBe('x.png')
    expect(storedFileName('Holiday photo (2).JPG')).toBe('Holiday photo (2).JPG')
  })

  it('never lets a name leave its folder or hide', () => {
    expect(storedFileName('../../etc/passwd')).toBe('_.._etc_passwd')
    expect(storedFileName('..\\..\\boot.ini')).toBe('_.._boot.ini')
    expect(storedFileName('/etc/passwd')).toBe('_etc_passwd')
    expect(storedFileName('.env')).toBe('env')
    expect(storedFileName('a\u0000b.png')).toBe('a_b.png')
    expect(storedFileName('C:evil.png')).toBe('C_evil.png')
  })

  it('answers undefined when nothing is left', () => {
    expect(storedFileName('..')).toBeUndefined()
    expect(storedFileName('.')).toBeUndefined()
    expect(storedFileName('   ')).toBeUndefined()
    expect(storedFileName('')).toBeUndefined()
  })

  it('cuts very long names', () => {
    expect(storedFileName(`${'a'.repeat(500)}.png`)!.length).toBe(200)
  })
})

describe('imageTypeOfBytes', () => {
  it('reads the four image types a chat takes from their first bytes', () => {
    expect(imageTypeOfBytes(Uint8Array.from(PNG))).toBe('image/png')
    expect(imageTypeOfBytes(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg')
    expect(imageTypeOfBytes(new TextEncoder().encode('GIF89a...'))).toBe('image/gif')
    expect(imageTypeOfBytes(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp')
  })

  it('names nothing else an image: pages, scripts, SVG', () => {
    expect(imageTypeOfBytes(new TextEncoder().encode('<html><script>alert(1)</script>'))).toBeUndefined()
    expect(imageTypeOfBytes(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined()
    expect(imageTypeOfBytes(new Uint8Array())).toBeUndefined()
  })
})

describe('readFileUploads', () => {
  it("reads Flowise's fileUploads and drops what is not a file record", () => {
    const text = JSON.stringify([
      { type: 'stored-file', name: 'x.png', mime: 'image/png' },
      { type: 'url', name: 'cat', mime: 'image/jpeg', data: 'https://example.com/cat.jpg' },
      { type: 'other', name: 'y', mime: 'image/png' },
      'junk',
    ])
    expect(readFileUploads(text)).toEqual([
      { type: 'stored-file', name: 'x.png', mime: 'image/png' },
      { type: 'url', name: 'cat', mime: 'image/jpeg', data: 'https://example.com/cat.jpg' },
    ])
    expect(readFileUploads('{broken')).toEqual([])
    expect(readFileUploads(null)).toEqual([])
  })
})

describe('imageDetailOf', () => {
  it("takes low, high or auto, and Flowise's default low otherwise", () => {
    expect(imageDetailOf('high')).toBe('high')
    expect(imageDetailOf('auto')).toBe('auto')
    expect(imageDetailOf('low')).toBe('low')
    expect(imageDetailOf(undefined)).toBe('low')
    expect(imageDetailOf('ultra')).toBe('low')
  })
})
