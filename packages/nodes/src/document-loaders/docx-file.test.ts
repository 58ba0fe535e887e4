import { describe, expect, it } from 'vitest'
import { runNode, testRun } from '../runtime/test-run.js'
import { fileList, fileValue } from '../testing/file-value.js'
import { makeDocx, makeZip } from '../testing/make-docx.js'
import docxFile from './docx-file.node.js'

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
const docx = (name: string, paragraphs: string[]) => fileValue(name, DOCX_MIME, makeDocx(paragraphs))

describe('Docx File', () => {
  it('gives the text of each file as one document, paragraphs a blank line apart', async () => {
    const files = fileList(
      docx('policy.docx', ['Refund policy', 'Refunds within 30 days & no <fees>.']),
      docx('lunch.docx', ['Lunch is on Thursdays.']),
    )
    expect(await runNode(docxFile, { docxFile: files, metadata: { team: 'ops' } }, testRun())).toEqual([
      {
        pageContent: 'Refund policy\n\nRefunds within 30 days & no <fees>.',
        metadata: { source: 'policy.docx', team: 'ops' },
      },
      { pageContent: 'Lunch is on Thursdays.', metadata: { source: 'lunch.docx', team: 'ops' } },
    ])
  })

  it('names a file that is not a .docx, a damaged one, and one without text', async () => {
    await expect(
      runNode(docxFile, { docxFile: fileValue('old.doc', 'application/msword', 'binary words') }, testRun()),
    ).rejects.toThrow(
      'old.doc could not be read: it is damaged or not a .docx file; save a .doc file as .docx in Word first.',
    )
    const noDocument = makeZip([{ name: 'hello.txt', data: Buffer.from('hi') }])
    await expect(
      runNode(docxFile, { docxFile: fileValue('odd.docx', DOCX_MIME, noDocument) }, testRun()),
    ).rejects.toThrow(/^odd\.docx could not be read: it is damaged or not a \.docx file \(.+\)\.$/)
    const whole = makeDocx(['Some text'])
    const cut = fileValue('cut.docx', DOCX_MIME, whole.subarray(0, whole.length - 30))
    await expect(runNode(docxFile, { docxFile: cut }, testRun())).rejects.toThrow('cut.docx could not be read')
    await expect(runNode(docxFile, { docxFile: docx('empty.docx', ['', '  ']) }, testRun())).rejects.toThrow(
      'empty.docx has no text to read.',
    )
  })
})
