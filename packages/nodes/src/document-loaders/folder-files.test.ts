import { describe, expect, it } from 'vitest'
import { CANNOT_RUN_BADGE } from '@weft/core'
import { findNode } from '../find-node.js'
import { runNode, testRun } from '../runtime/test-run.js'
import { fileList, fileValue } from '../testing/file-value.js'
import { makePdf } from '../testing/make-pdf.js'
import recursiveCharacterTextSplitter from '../text-splitters/recursive-character-text-splitter.node.js'

// Through the catalogue, as the engine and the server reach it: the node finds its per-type loaders there.
const folderFiles = findNode('folderFiles')!

const notes = fileValue('notes.txt', 'text/plain', 'Support answers within one working day.')
const guide = fileValue('guide.md', 'text/markdown', '# Guide\n\nShipping takes three days.')
const handbook = fileValue(
  'handbook.pdf',
  'application/pdf',
  makePdf([['Refund policy: 30 days'], ['Returns are free.']]),
)
const people = fileValue('people.csv', 'text/csv', 'name,team\nAda,ops\nLin,sales\n')
const folder = fileList(notes, guide, handbook, people)

type Documents = { pageContent: string; metadata: Record<string, unknown> }[]

describe('Folder with Files', () => {
  it('runs now, without the cannot-run badge', () => {
    expect(folderFiles.descriptor.badge).not.toBe(CANNOT_RUN_BADGE)
  })

  it('reads each uploaded file with the loader for its type, each document naming its file', async () => {
    expect(await runNode(folderFiles, { folderPath: folder }, testRun())).toEqual([
      { pageContent: 'Support answers within one working day.', metadata: { source: 'notes.txt' } },
      { pageContent: '# Guide\n\nShipping takes three days.', metadata: { source: 'guide.md' } },
      {
        pageContent: 'Refund policy: 30 days',
        metadata: { source: 'handbook.pdf', pdf: { totalPages: 2 }, loc: { pageNumber: 1 } },
      },
      {
        pageContent: 'Returns are free.',
        metadata: { source: 'handbook.pdf', pdf: { totalPages: 2 }, loc: { pageNumber: 2 } },
      },
      { pageContent: 'name: Ada\nteam: ops', metadata: { source: 'people.csv', row: 1 } },
      { pageContent: 'name: Lin\nteam: sales', metadata: { source: 'people.csv', row: 2 } },
    ])
  })

  it('gives a PDF as one document with Pdf Usage per file, and skips files not of the chosen types', async () => {
    const documents = (await runNode(
      folderFiles,
      { folderPath: folder, pdfUsage: 'perFile', fileTypes: '[".pdf",".md"]' },
      testRun(),
    )) as Documents
    expect(documents).toEqual([
      { pageContent: '# Guide\n\nShipping takes three days.', metadata: { source: 'guide.md' } },
      {
        pageContent: 'Refund policy: 30 days\n\nReturns are free.',
        metadata: { source: 'handbook.pdf', pdf: { totalPages: 2 } },
      },
    ])
    await expect(runNode(folderFiles, { folderPath: folder, fileTypes: ['.docx'] }, testRun())).rejects.toThrow(
      'None of the 4 files in Folder is of the chosen File Types (.docx).',
    )
  })

  it('reads JSON by its values and JSON Lines by JSONL Pointer Extraction', async () => {
    const files = fileList(
      fileValue('faq.json', 'application/json', '[{"q":"Hours?","a":"9 to 5"}]'),
      fileValue('log.jsonl', 'application/octet-stream', '{"text":"first"}\n{"text":"second"}\n'),
    )
    expect(await runNode(folderFiles, { folderPath: files, pointerName: 'text' }, testRun())).toEqual([
      { pageContent: 'Hours?\n9 to 5', metadata: { source: 'faq.json', item: 1 } },
      { pageContent: 'first', metadata: { source: 'log.jsonl', line: 1 } },
      { pageContent: 'second', metadata: { source: 'log.jsonl', line: 2 } },
    ])
    await expect(runNode(folderFiles, { folderPath: files }, testRun())).rejects.toThrow(
      'Write in JSONL Pointer Extraction the key whose value is the text of each line of log.jsonl.',
    )
  })

  it('adds Additional Metadata and splits with the connected splitter, after reading every file', async () => {
    const run = testRun()
    const textSplitter = await runNode(recursiveCharacterTextSplitter, { chunkSize: 20, chunkOverlap: 0 }, run)
    const chunks = (await runNode(
      folderFiles,
      { folderPath: fileList(notes, people), textSplitter, metadata: '{"team":"help"}', recursive: false },
      run,
    )) as Documents
    expect(chunks.length).toBeGreaterThan(3)
    expect(chunks.every((chunk) => chunk.metadata.team === 'help')).toBe(true)
    expect(
      chunks
        .filter((chunk) => chunk.metadata.source === 'notes.txt')
        .map((chunk) => chunk.pageContent)
        .join(' '),
    ).toBe('Support answers within one working day.')
  })

  it('gives the Text output as all the files’ text joined', async () => {
    const text = await runNode(folderFiles, { folderPath: fileList(notes, guide) }, testRun(), { output: 'text' })
    expect(text).toBe('Support answers within one working day.\n\n# Guide\n\nShipping takes three days.')
  })

  it('refuses a folder path from a Flowise flow, saying folders are uploaded, and an empty folder', async () => {
    for (const path of ['/etc', 'C:\\Users\\me\\docs', './data']) {
      await expect(runNode(folderFiles, { folderPath: path }, testRun())).rejects.toThrow(
        'Folder holds a folder path: Weft reads only files you upload, never a folder of the server. Upload the folder’s files in Folder.',
      )
    }
    await expect(runNode(folderFiles, { folderPath: '' }, testRun())).rejects.toThrow('Choose a file in Folder.')
  })
})
