import { describe, expect, it } from 'vitest'
import { acceptsFile, fileInputValue } from './file-inputs.js'

describe('acceptsFile', () => {
  const textFiles = '.txt, .html, .md'

  it('takes a file whose extension is listed, whatever its case', () => {
    expect(acceptsFile(textFiles, 'notes.txt', 'text/plain')).toBe(true)
    expect(acceptsFile(textFiles, 'README.MD', '')).toBe(true)
  })

  it('refuses a file whose extension is not listed, or that only contains one in its name', () => {
    expect(acceptsFile(textFiles, 'report.pdf', 'application/pdf')).toBe(false)
    expect(acceptsFile(textFiles, 'notes.txt.exe', 'application/octet-stream')).toBe(false)
    expect(acceptsFile('.csv', 'csv', 'text/csv')).toBe(false)
  })

  it('matches MIME types exactly, under the names Weft gives them, and by wildcard', () => {
    expect(acceptsFile('application/pdf', 'scan', 'application/pdf; name=scan')).toBe(true)
    expect(acceptsFile('application/xml', 'feed', 'text/xml')).toBe(true)
    expect(acceptsFile('text/*', 'page.bin', 'text/html')).toBe(true)
    expect(acceptsFile('text/*', 'photo.png', 'image/png')).toBe(false)
    expect(acceptsFile('application/pdf', 'scan', '')).toBe(false)
  })

  it('takes any file when the list is empty or says so', () => {
    expect(acceptsFile(undefined, 'anything.bin', '')).toBe(true)
    expect(acceptsFile(' ', 'anything.bin', '')).toBe(true)
    expect(acceptsFile('*', 'anything.bin', '')).toBe(true)
    expect(acceptsFile('*/*', 'anything.bin', 'application/zip')).toBe(true)
  })
})

describe('fileInputValue', () => {
  it('lists the files as the canvas stores them, naming each after its content', () => {
    const value = fileInputValue([
      { name: 'a, b.txt', mime: 'text/plain', base64: 'aGk=' },
      { name: 'blob', mime: '', base64: 'AA==' },
    ])
    expect(JSON.parse(value)).toEqual([
      'data:text/plain;base64,aGk=,filename:a, b.txt',
      'data:application/octet-stream;base64,AA==,filename:blob',
    ])
  })
})
