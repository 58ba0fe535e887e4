import { describe, expect, it } from 'vitest'
import { loaderForFile } from './loader-for-file.js'

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
