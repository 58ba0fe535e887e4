import { describe, expect, it } from 'vitest'
import { loadHtmlToMarkdown } from '../documents/html-markdown.js'
import type { TextSplitter } from '../documents/text-splitter.js'
import { runNode, testRun } from '../runtime/test-run.js'
import codeTextSplitter from './code-text-splitter.node.js'
import htmlToMarkdownTextSplitter from './html-to-markdown-text-splitter.node.js'

const splitterOf = async (node: typeof codeTextSplitter, inputs: Record<string, unknown>) =>
  (await runNode(node, inputs, testRun())) as TextSplitter

const PYTHON = `import math


class Circle:
    def __init__(self, radius):
        self.radius = radius

    def area(self):
        return math.pi * self.radius ** 2


def describe(circle):
    print("A circle of area", circle.area())
`

describe('Code Text Splitter', () => {
  it('keeps whole functions and classes together, cutting between definitions', async () => {
    const splitter = await splitterOf(codeTextSplitter, { language: 'python', chunkSize: '160', chunkOverlap: '0' })
    const chunks = splitter.split([{ pageContent: PYTHON, metadata: { source: 'shapes.py' } }])
    expect(chunks.map((chunk) => chunk.pageContent.split('\n')[0])).toEqual(['import math', 'def describe(circle):'])
    expect(chunks[0]!.pageContent).toContain('return math.pi * self.radius ** 2')
    expect(chunks[1]!.metadata).toEqual({ source: 'shapes.py', loc: { lines: { from: 12, to: 13 } } })
  })

  it('cuts a class too long for one chunk at its methods', async () => {
    const splitter = await splitterOf(codeTextSplitter, { language: 'python', chunkSize: '80', chunkOverlap: '0' })
    const firstLines = splitter
      .split([{ pageContent: PYTHON, metadata: {} }])
      .map((chunk) => chunk.pageContent.split('\n')[0])
    expect(firstLines).toEqual(['import math', 'class Circle:', 'def area(self):', 'def describe(circle):'])
  })

  it('cuts JavaScript before its functions, not inside a text that names one', async () => {
    const code = 'const a = "function x"\nconst b = 2\n\nexport async function go() {\n  return a + b\n}\n'
    const splitter = await splitterOf(codeTextSplitter, { language: 'js', chunkSize: '50', chunkOverlap: '0' })
    const chunks = splitter.split([{ pageContent: code, metadata: {} }])
    expect(chunks.map((chunk) => chunk.pageContent)).toEqual([
      'const a = "function x"\nconst b = 2',
      'export async function go() {\n  return a + b\n}',
    ])
  })

  it('asks for a language among those it knows', async () => {
    await expect(splitterOf(codeTextSplitter, { language: 'cobol' })).rejects.toThrow(
      'Code Text Splitter: choose a Language (cpp, go, java, js, php, proto, python, rst, ruby, rust, scala, swift, markdown, latex, html, sol).',
    )
  })
})

const PAGE = `<html><head><title>x</title><style>p{}</style></head><body>
<h1>Guide</h1><p>Welcome to <b>Weft</b>, see <a href="https://example.com/docs">the docs</a>.</p>
<h2>Install</h2><ol><li>Download</li><li>Run <code>npm start</code></li></ol>
<pre>npm install
npm start</pre>
<h2>Limits</h2><table><tr><th>Plan</th><th>Flows</th></tr><tr><td>Free</td><td>3</td></tr></table>
<script>alert(1)</script></body></html>`

describe('HtmlToMarkdown Text Splitter', () => {
  it('writes HTML as Markdown: headings, emphasis, links, lists, code and tables, without scripts', async () => {
    const htmlToMarkdown = await loadHtmlToMarkdown()
    expect(htmlToMarkdown(PAGE)).toBe(
      [
        '# Guide',
        '',
        'Welcome to **Weft**, see [the docs](https://example.com/docs).',
        '',
        '## Install',
        '',
        '1. Download',
        '2. Run `npm start`',
        '',
        '```',
        'npm install',
        'npm start',
        '```',
        '',
        '## Limits',
        '',
        '| Plan | Flows |',
        '| --- | --- |',
        '| Free | 3 |',
      ].join('\n'),
    )
  })

  it('cuts the Markdown at its headings, recording lines of the Markdown', async () => {
    const splitter = await splitterOf(htmlToMarkdownTextSplitter, { chunkSize: '90', chunkOverlap: '0' })
    const chunks = splitter.split([{ pageContent: PAGE, metadata: { source: 'guide.html' } }])
    expect(chunks.map((chunk) => chunk.pageContent.split('\n')[0])).toEqual(['# Guide', '## Install', '## Limits'])
    expect(chunks[2]!.metadata).toEqual({ source: 'guide.html', loc: { lines: { from: 15, to: 19 } } })
  })
})
