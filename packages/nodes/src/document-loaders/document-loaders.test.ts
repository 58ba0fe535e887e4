import { describe, expect, it } from 'vitest'
import { runNode, testRun } from '../runtime/test-run.js'
import recursiveCharacterTextSplitter from '../text-splitters/recursive-character-text-splitter.node.js'
import csvFile from './csv-file.node.js'
import jsonFile from './json-file.node.js'
import plainText from './plain-text.node.js'

/** A file input's value as the canvas stores it. */
const encoded = (name: string, mime: string, text: string) =>
  `data:${mime};base64,${Buffer.from(text).toString('base64')},filename:${name}`

describe('Plain Text', () => {
  it('gives the text as one document named after the node, with Additional Metadata', async () => {
    const documents = await runNode(
      plainText,
      { text: 'Refunds within 30 days.', metadata: '{ "team": "support" }' },
      testRun(),
    )
    expect(documents).toEqual([
      { pageContent: 'Refunds within 30 days.', metadata: { source: 'Plain Text', team: 'support' } },
    ])
  })

  it('splits its text with the connected Text Splitter', async () => {
    const run = testRun()
    const textSplitter = await runNode(recursiveCharacterTextSplitter, { chunkSize: 30, chunkOverlap: 0 }, run)
    const text = 'Support answers in a day.\n\nRefunds within 30 days.'
    expect(await runNode(plainText, { text, textSplitter }, run)).toEqual([
      {
        pageContent: 'Support answers in a day.',
        metadata: { source: 'Plain Text', loc: { lines: { from: 1, to: 1 } } },
      },
      {
        pageContent: 'Refunds within 30 days.',
        metadata: { source: 'Plain Text', loc: { lines: { from: 3, to: 3 } } },
      },
    ])
  })

  it('with the Text output chosen, gives the text itself', async () => {
    expect(await runNode(plainText, { text: 'Hello there.' }, testRun(), { output: 'text' })).toBe('Hello there.')
  })

  it('asks for text when there is none', async () => {
    await expect(runNode(plainText, { text: '  ' }, testRun())).rejects.toThrow(
      'Write or paste the text to search in Text.',
    )
  })
})

describe('Csv File', () => {
  const csv =
    'question,answer\n"How long for a refund?","30 days, from purchase"\n\nWhen is lunch?,"Thursdays ""at noon"""\n'

  it('gives one document per row as column: value lines, with the file name and row number (blank rows skipped but counted)', async () => {
    const documents = await runNode(csvFile, { csvFile: encoded('faq.csv', 'text/csv', csv) }, testRun())
    expect(documents).toEqual([
      {
        pageContent: 'question: How long for a refund?\nanswer: 30 days, from purchase',
        metadata: { source: 'faq.csv', row: 1 },
      },
      { pageContent: 'question: When is lunch?\nanswer: Thursdays "at noon"', metadata: { source: 'faq.csv', row: 3 } },
    ])
  })

  it('with Single Column Extraction, uses only that column and names the columns when it is missing', async () => {
    const file = encoded('faq.csv', 'text/csv', csv)
    const documents = await runNode(csvFile, { csvFile: file, columnName: 'answer' }, testRun())
    expect(documents).toMatchObject([{ pageContent: '30 days, from purchase' }, { pageContent: 'Thursdays "at noon"' }])
    await expect(runNode(csvFile, { csvFile: file, columnName: 'reply' }, testRun())).rejects.toThrow(
      'faq.csv has no column "reply"; its columns are "question", "answer".',
    )
  })

  it('reads semicolon-separated files, several files, and text given instead of a file', async () => {
    const files = JSON.stringify([
      encoded('a.csv', 'text/csv', 'name;city\nAda;Oslo'),
      encoded('b.csv', 'text/csv', 'name\nBo'),
    ])
    expect(await runNode(csvFile, { csvFile: files }, testRun())).toEqual([
      { pageContent: 'name: Ada\ncity: Oslo', metadata: { source: 'a.csv', row: 1 } },
      { pageContent: 'name: Bo', metadata: { source: 'b.csv', row: 1 } },
    ])
    expect(await runNode(csvFile, { csvFile: 'name\r\nCy\r\n' }, testRun())).toEqual([
      { pageContent: 'name: Cy', metadata: { source: 'Csv File', row: 1 } },
    ])
  })

  it('asks for a file, and refuses files that are not text', async () => {
    await expect(runNode(csvFile, { csvFile: '' }, testRun())).rejects.toThrow('Choose a file in Csv File.')
    const binary = `data:text/csv;base64,${Buffer.from([0x41, 0, 0x42]).toString('base64')},filename:x.csv`
    await expect(runNode(csvFile, { csvFile: binary }, testRun())).rejects.toThrow(
      'Csv File: x.csv is not a text file.',
    )
  })
})

describe('Json File', () => {
  const faq = JSON.stringify([
    { id: 1, title: 'Refunds', body: 'Refunds within 30 days.', tags: ['money'] },
    { id: 2, title: 'Lunch', body: 'Team lunch is on Thursdays.', meta: { draft: false } },
  ])

  it('gives one document per item of a top-level array with every text value in it', async () => {
    expect(await runNode(jsonFile, { jsonFile: encoded('faq.json', 'application/json', faq) }, testRun())).toEqual([
      { pageContent: '1\nRefunds\nRefunds within 30 days.\nmoney', metadata: { source: 'faq.json', item: 1 } },
      { pageContent: '2\nLunch\nTeam lunch is on Thursdays.\nfalse', metadata: { source: 'faq.json', item: 2 } },
    ])
  })

  it('with Pointers Extraction, reads only the values under the named keys', async () => {
    const documents = await runNode(
      jsonFile,
      { jsonFile: encoded('faq.json', 'application/json', faq), pointersName: 'title, body' },
      testRun(),
    )
    expect(documents).toMatchObject([
      { pageContent: 'Refunds\nRefunds within 30 days.' },
      { pageContent: 'Lunch\nTeam lunch is on Thursdays.' },
    ])
  })

  it('gives a single object as one document and says when the JSON is broken', async () => {
    expect(await runNode(jsonFile, { jsonFile: '{"a": {"b": "deep text"}}' }, testRun())).toEqual([
      { pageContent: 'deep text', metadata: { source: 'Json File' } },
    ])
    await expect(
      runNode(jsonFile, { jsonFile: encoded('bad.json', 'application/json', '{"a": ') }, testRun()),
    ).rejects.toThrow(/^bad\.json is not valid JSON: /)
  })
})
