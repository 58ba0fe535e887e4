import { describe, expect, it } from 'vitest'
import { inlineParts, messageParts } from './messageParts'

describe('message parts', () => {
  it('keeps prose as it is and splits fenced code out of it', () => {
    expect(messageParts('Hello\nthere')).toEqual([{ kind: 'text', text: 'Hello\nthere' }])
    expect(messageParts('Run this:\n```js\nconst a = 1\n```\nDone.')).toEqual([
      { kind: 'text', text: 'Run this:' },
      { kind: 'code', language: 'js', text: 'const a = 1' },
      { kind: 'text', text: 'Done.' },
    ])
  })

  it('shows a code block still being streamed up to where it has arrived', () => {
    expect(messageParts('Code:\n```python\nprint(1)\npri')).toEqual([
      { kind: 'text', text: 'Code:' },
      { kind: 'code', language: 'python', text: 'print(1)\npri' },
    ])
  })

  it('formats an answer that is a JSON document', () => {
    expect(messageParts('{"a":1,"b":[2]}')).toEqual([
      { kind: 'code', language: 'json', text: '{\n  "a": 1,\n  "b": [\n    2\n  ]\n}' },
    ])
    expect(messageParts('{not json')).toEqual([{ kind: 'text', text: '{not json' }])
  })

  it('finds inline code spans', () => {
    expect(inlineParts('Call `sum(1, 2)` now')).toEqual([
      { kind: 'text', text: 'Call ' },
      { kind: 'code', text: 'sum(1, 2)' },
      { kind: 'text', text: ' now' },
    ])
  })
})
