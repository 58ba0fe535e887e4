import { describe, expect, it } from 'vitest'
import { runNode, testRun } from '../runtime/test-run.js'
import { fileList, fileValue } from '../testing/file-value.js'
import jsonlinesFile from './jsonlines-file.node.js'

const jsonl = (name: string, lines: string[]) => fileValue(name, 'application/jsonl', lines.join('\n'))

const FAQ = jsonl('faq.jsonl', [
  '{"q": "Refunds?", "a": "Within 30 days.", "meta": {"team": "billing", "url": "/refunds"}}',
  '',
  '{"q": "Lunch?", "a": "Thursdays.", "meta": {"team": "office", "url": "/lunch"}}',
])

describe('Json Lines File', () => {
  it('gives one document per line from the value under Pointer Extraction, with the line number', async () => {
    expect(await runNode(jsonlinesFile, { jsonlinesFile: FAQ, pointerName: 'a' }, testRun())).toEqual([
      { pageContent: 'Within 30 days.', metadata: { source: 'faq.jsonl', line: 1 } },
      { pageContent: 'Thursdays.', metadata: { source: 'faq.jsonl', line: 3 } },
    ])
  })

  it('follows a path into objects and writes numbers and objects as text', async () => {
    const nested = await runNode(jsonlinesFile, { jsonlinesFile: FAQ, pointerName: '/meta/team' }, testRun())
    expect(nested).toMatchObject([{ pageContent: 'billing' }, { pageContent: 'office' }])
    const values = jsonl('v.jsonl', ['{"v": 42}', '{"v": {"x": [1, true]}}', '{"v": "a/b"}'])
    const read = await runNode(jsonlinesFile, { jsonlinesFile: values, pointerName: 'v' }, testRun())
    expect(read).toMatchObject([{ pageContent: '42' }, { pageContent: '{"x":[1,true]}' }, { pageContent: 'a/b' }])
    const slashKey = jsonl('s.jsonl', ['{"a/b": "slashed"}'])
    expect(await runNode(jsonlinesFile, { jsonlinesFile: slashKey, pointerName: 'a~1b' }, testRun())).toMatchObject([
      { pageContent: 'slashed' },
    ])
  })

  it('reads Additional Metadata values starting with / from each line, and adds the others as they are', async () => {
    const documents = await runNode(
      jsonlinesFile,
      { jsonlinesFile: FAQ, pointerName: 'a', metadata: '{"page": "/meta/url", "team": "/meta/team", "kind": "faq"}' },
      testRun(),
    )
    expect(documents).toEqual([
      {
        pageContent: 'Within 30 days.',
        metadata: { source: 'faq.jsonl', line: 1, page: '/refunds', team: 'billing', kind: 'faq' },
      },
      {
        pageContent: 'Thursdays.',
        metadata: { source: 'faq.jsonl', line: 3, page: '/lunch', team: 'office', kind: 'faq' },
      },
    ])
  })

  it('names the file and line of a line that is not JSON or has no value at the pointer', async () => {
    const broken = fileList(FAQ, jsonl('bad.jsonl', ['{"a": "fine"}', '', '{"a": oops}']))
    await expect(runNode(jsonlinesFile, { jsonlinesFile: broken, pointerName: 'a' }, testRun())).rejects.toThrow(
      /^bad\.jsonl: line 3 is not valid JSON: /,
    )
    await expect(runNode(jsonlinesFile, { jsonlinesFile: FAQ, pointerName: 'answer' }, testRun())).rejects.toThrow(
      'faq.jsonl: line 1 has no value at "answer" (Pointer Extraction).',
    )
    await expect(runNode(jsonlinesFile, { jsonlinesFile: FAQ, pointerName: ' ' }, testRun())).rejects.toThrow(
      'Write in Pointer Extraction the key whose value is the text of each line.',
    )
  })
})
