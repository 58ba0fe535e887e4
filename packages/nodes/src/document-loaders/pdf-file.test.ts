import { describe, expect, it } from 'vitest'
import { findNode } from '../find-node.js'
import { nodes } from '../catalogue.js'
import { runNode, testRun } from '../runtime/test-run.js'
import { HANDBOOK_PAGES } from '../testing/e2e-fixtures.js'
import { fileList, fileValue } from '../testing/file-value.js'
import { makePdf } from '../testing/make-pdf.js'
import recursiveCharacterTextSplitter from '../text-splitters/recursive-character-text-splitter.node.js'
import pdfFile from './pdf-file.node.js'

const pdf = (name: string, pages: string[][]) => fileValue(name, 'application/pdf', makePdf(pages))
const handbook = pdf('handbook.pdf', HANDBOOK_PAGES)

describe('Pdf File', () => {
  it('gives one document per page with the page number, the page count and the file name', async () => {
    const documents = await runNode(pdfFile, { pdfFile: handbook, usage: 'perPage' }, testRun())
    expect(documents).toEqual(
      HANDBOOK_PAGES.map((lines, i) => ({
        pageContent: lines.join('\n'),
        metadata: { source: 'handbook.pdf', pdf: { totalPages: 3 }, loc: { pageNumber: i + 1 } },
      })),
    )
  })

  it('with One document per file, gives each file as one document, its pages a blank line apart', async () => {
    const files = fileList(handbook, pdf('short.pdf', [['Only page.']]))
    expect(await runNode(pdfFile, { pdfFile: files, usage: 'perFile' }, testRun())).toEqual([
      {
        pageContent: HANDBOOK_PAGES.map((lines) => lines.join('\n')).join('\n\n'),
        metadata: { source: 'handbook.pdf', pdf: { totalPages: 3 } },
      },
      { pageContent: 'Only page.', metadata: { source: 'short.pdf', pdf: { totalPages: 1 } } },
    ])
  })

  it('skips pages without text, and says so when no page has any', async () => {
    const documents = await runNode(pdfFile, { pdfFile: pdf('gap.pdf', [['One'], [], ['Three']]) }, testRun())
    expect(documents).toMatchObject([
      { pageContent: 'One', metadata: { loc: { pageNumber: 1 }, pdf: { totalPages: 3 } } },
      { pageContent: 'Three', metadata: { loc: { pageNumber: 3 } } },
    ])
    await expect(runNode(pdfFile, { pdfFile: pdf('scan.pdf', [[], []]) }, testRun())).rejects.toThrow(
      'scan.pdf has no text to read: its pages may be scanned images',
    )
  })

  it('keeps the page number on chunks cut by a Text Splitter, beside their lines', async () => {
    const run = testRun()
    const textSplitter = await runNode(recursiveCharacterTextSplitter, { chunkSize: 60, chunkOverlap: 0 }, run)
    const chunks = (await runNode(pdfFile, { pdfFile: handbook, textSplitter, metadata: '{"team":"ops"}' }, run)) as {
      pageContent: string
      metadata: Record<string, unknown>
    }[]
    const refund = chunks.find((chunk) => chunk.pageContent.includes('within 30 days of delivery'))
    expect(refund?.metadata).toEqual({
      source: 'handbook.pdf',
      team: 'ops',
      pdf: { totalPages: 3 },
      loc: { pageNumber: 2, lines: { from: 2, to: 2 } },
    })
    expect(new Set(chunks.map((chunk) => (chunk.metadata.loc as { pageNumber: number }).pageNumber))).toEqual(
      new Set([1, 2, 3]),
    )
  })

  it('with the Text output chosen, gives all pages as one text', async () => {
    const text = await runNode(pdfFile, { pdfFile: pdf('a.pdf', [['Alpha'], ['Beta']]) }, testRun(), { output: 'text' })
    expect(text).toBe('Alpha\n\nBeta')
  })

  it('names a damaged file, a file that is no PDF, and a value that holds no file', async () => {
    const whole = makePdf(HANDBOOK_PAGES)
    const cut = fileValue('broken.pdf', 'application/pdf', whole.subarray(0, whole.length / 3))
    await expect(runNode(pdfFile, { pdfFile: cut }, testRun())).rejects.toThrow(
      'broken.pdf could not be read as a PDF: it is damaged or not a PDF.',
    )
    const notPdf = fileValue('notes.pdf', 'application/pdf', 'just some words')
    await expect(runNode(pdfFile, { pdfFile: fileList(handbook, notPdf) }, testRun())).rejects.toThrow(
      'notes.pdf could not be read as a PDF',
    )
    await expect(runNode(pdfFile, { pdfFile: 'typed text' }, testRun())).rejects.toThrow(
      'Pdf File holds text, not a file: choose the file again.',
    )
    await expect(runNode(pdfFile, { pdfFile: '' }, testRun())).rejects.toThrow('Choose a file in Pdf File.')
  })

  it('can run, so the catalogue shows no "cannot run" badge and document stores accept it', () => {
    expect(findNode('pdfFile')?.descriptor.badge).toBeUndefined()
    expect(nodes.find((node) => node.descriptor.name === 'pdfFile')?.descriptor.inputs[0]).toMatchObject({
      name: 'pdfFile',
      type: 'file',
    })
  })
})
