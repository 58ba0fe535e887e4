import { describe, expect, it } from 'vitest'
import { base64Bytes, carriesFileText, readUploadContent } from './data-url.js'

describe('upload content', () => {
  it('reads base64 data: URLs, with parameters after the type, and bare base64', () => {
    expect(readUploadContent('data:audio/webm;codecs=opus;base64,GkXf')).toEqual({ mime: 'audio/webm', base64: 'GkXf' })
    expect(readUploadContent('data:text/plain;base64,aGk=')).toEqual({ mime: 'text/plain', base64: 'aGk=' })
    expect(readUploadContent('aGVsbG8=')).toEqual({ mime: undefined, base64: 'aGVsbG8=' })
  })

  it('refuses data that is not base64', () => {
    for (const data of ['data:text/plain,hello', 'data:text/plain;base64', 'not base64!', 'abcde'])
      expect(readUploadContent(data)).toBeUndefined()
  })

  it('counts the bytes base64 stands for, padded or not', () => {
    for (const bytes of [0, 1, 2, 3, 4, 5, 1000]) {
      const text = Buffer.alloc(bytes, 7).toString('base64')
      expect(base64Bytes(text)).toBe(bytes)
      expect(base64Bytes(text.replace(/=+$/, ''))).toBe(bytes)
    }
  })

  it('tells a whole file’s text (Flowise’s attachments) from the file itself (a data: URL)', () => {
    expect(carriesFileText({ type: 'file:full', data: 'Pears are ripe in September.' })).toBe(true)
    expect(carriesFileText({ type: 'file:full', data: 'aGVsbG8=' })).toBe(true)
    expect(carriesFileText({ type: 'file:full', data: 'data:text/plain;base64,aGk=' })).toBe(false)
    for (const type of ['file', 'audio', 'url', 'file:rag'])
      expect(carriesFileText({ type, data: 'hello' })).toBe(false)
  })
})
