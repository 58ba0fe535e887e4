import { describe, expect, it } from 'vitest'
import { loaderForFile, loaderReadsFile, unreadableFileProblem, wrongLoaderFileProblem } from './loader-for-file.js'

describe('loaderForFile', () => {
  it('reads PDF and DOCX with their loaders, by extension whatever its case', () => {
    expect(loaderForFile('Handbook.PDF')).toBe('pdfFile')
    expect(loaderForFile('notes.docx', 'application/octet-stream')).toBe('docxFile')
  })

  it('falls back to the MIME type, then to the text loader for every text format', () => {
    expect(loaderForFile('upload', 'application/pdf')).toBe('pdfFile')
    expect(loaderForFile('upload', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe(
      'docxFile',
    )
    expect(loaderForFile('rows.csv', 'text/csv; charset=utf-8')).toBe('textFile')
    expect(loaderForFile('page.html', 'text/html')).toBe('textFile')
    expect(loaderForFile('README.md')).toBe('textFile')
    expect(loaderForFile('no-extension')).toBe('textFile')
  })

  it('with structured, reads CSV, JSON and JSON Lines with their own loaders, else as before', () => {
    const structured = { structured: true }
    expect(loaderForFile('rows.CSV', 'text/plain', structured)).toBe('csvFile')
    expect(loaderForFile('items.json', '', structured)).toBe('jsonFile')
    expect(loaderForFile('lines.jsonl', 'application/octet-stream', structured)).toBe('jsonlinesFile')
    expect(loaderForFile('export', 'text/csv; charset=utf-8', structured)).toBe('csvFile')
    expect(loaderForFile('export', 'application/x-ndjson', structured)).toBe('jsonlinesFile')
    expect(loaderForFile('guide.pdf', '', structured)).toBe('pdfFile')
    expect(loaderForFile('letter.docx', '', structured)).toBe('docxFile')
    expect(loaderForFile('README.md', 'text/markdown', structured)).toBe('textFile')
    expect(loaderForFile('items.json', 'application/json')).toBe('textFile')
  })
})

describe('which loaders read a file', () => {
  const pdf = { label: 'Pdf File', fileType: '.pdf' }
  const text = { label: 'Text File', fileType: '.txt, .md, .HTML' }
  const loaders = [pdf, text, { label: 'Jsonlines File', fileType: '.jsonl' }]

  it('reads by the extension when the name has one, whatever its case, else by the MIME type', () => {
    expect(loaderReadsFile(pdf, 'Handbook.PDF')).toBe(true)
    expect(loaderReadsFile(text, 'page.html', 'text/html')).toBe(true)
    expect(loaderReadsFile(pdf, 'upload', 'application/pdf; charset=binary')).toBe(true)
    expect(loaderReadsFile(text, 'upload', 'text/x-markdown')).toBe(true)
    expect(loaderReadsFile(pdf, 'setup.exe', 'application/pdf')).toBe(false)
    expect(loaderReadsFile(pdf, 'notes.txt')).toBe(false)
    expect(loaderReadsFile(pdf, 'upload', 'application/octet-stream')).toBe(false)
    expect(loaderReadsFile({ label: 'Plain Text', fileType: '' }, 'notes.txt')).toBe(false)
  })

  it('names a file no loader reads with every type accepted, once each', () => {
    expect(unreadableFileProblem('setup.exe', 'application/x-msdownload', [...loaders, pdf])).toBe(
      'setup.exe: no document loader reads this type of file; accepted: .pdf, .txt, .md, .html, .jsonl',
    )
    expect(unreadableFileProblem('lines.jsonl', '', loaders)).toBeUndefined()
    expect(unreadableFileProblem('export', 'application/x-ndjson', loaders)).toBeUndefined()
  })

  it('names the file and the loader when the loader reads another type', () => {
    expect(wrongLoaderFileProblem(pdf, 'setup.exe', 'application/octet-stream')).toBe(
      'setup.exe is not a file Pdf File reads; Pdf File reads .pdf',
    )
    expect(wrongLoaderFileProblem({ label: 'Plain Text', fileType: '' }, 'a.txt', 'text/plain')).toBe(
      'a.txt is not a file Plain Text reads; Plain Text reads no files',
    )
    expect(wrongLoaderFileProblem(text, 'README.md', 'text/markdown')).toBeUndefined()
  })
})
