import { describe, expect, it } from 'vitest'
import { runNode, testRun } from '../runtime/test-run.js'
import { fileList, fileValue } from '../testing/file-value.js'
import textFile from './text-file.node.js'

const PAGE = `<!doctype html>
<html><head><title>Help</title><style>p { color: red }</style><script>var secret = "do not index"</script></head>
<body>
  <nav>Home | Help</nav>
  <h1>Refund   policy</h1>
  <p>Refunds are paid
     within 30 days.<br>Ask support first.</p>
  <ul><li>Shoes</li><li>Tents</li></ul>
  <pre>keep   this
  spacing</pre>
  <noscript>Turn on scripts</noscript>
</body></html>`

describe('Text File', () => {
  it('gives each text, Markdown or code file as one document named after the file', async () => {
    const files = fileList(
      fileValue('notes.txt', 'text/plain', 'Line one.\nLine two.\n'),
      fileValue('guide.md', 'text/markdown', '# Guide\n\nRead me.'),
      fileValue('query.sql', 'application/octet-stream', 'select 1;'),
    )
    expect(await runNode(textFile, { txtFile: files }, testRun())).toEqual([
      { pageContent: 'Line one.\nLine two.\n', metadata: { source: 'notes.txt' } },
      { pageContent: '# Guide\n\nRead me.', metadata: { source: 'guide.md' } },
      { pageContent: 'select 1;', metadata: { source: 'query.sql' } },
    ])
  })

  it('reduces an HTML file to the text a reader sees: no scripts or styles, blocks on their own lines', async () => {
    const [document] = (await runNode(textFile, { txtFile: fileValue('help.html', 'text/html', PAGE) }, testRun())) as {
      pageContent: string
    }[]
    expect(document!.pageContent).toBe(
      'Home | Help\n\nRefund policy\n\nRefunds are paid within 30 days.\nAsk support first.\n\nShoes\nTents\n\nkeep this\nspacing',
    )
    expect(document!.pageContent).not.toContain('do not index')
    expect(document!.pageContent).not.toContain('color')
  })

  it('knows HTML by its type when the name does not say it, and leaves XML and typed text as they are', async () => {
    const byType = await runNode(
      textFile,
      { txtFile: fileValue('page', 'text/html', '<p>Hi <b>there</b></p>') },
      testRun(),
    )
    expect(byType).toEqual([{ pageContent: 'Hi there', metadata: { source: 'page' } }])
    const xml = await runNode(textFile, { txtFile: fileValue('a.xml', 'application/xml', '<a>1</a>') }, testRun())
    expect(xml).toEqual([{ pageContent: '<a>1</a>', metadata: { source: 'a.xml' } }])
    expect(await runNode(textFile, { txtFile: '<p>typed</p>' }, testRun())).toEqual([
      { pageContent: '<p>typed</p>', metadata: { source: 'Txt File' } },
    ])
  })

  it('leaves out empty files and refuses binary ones', async () => {
    const files = fileList(fileValue('blank.txt', 'text/plain', ' \n'), fileValue('a.txt', 'text/plain', 'A'))
    expect(await runNode(textFile, { txtFile: files }, testRun())).toEqual([
      { pageContent: 'A', metadata: { source: 'a.txt' } },
    ])
    const binary = fileValue('x.txt', 'text/plain', Buffer.from([0x41, 0, 0x42]))
    await expect(runNode(textFile, { txtFile: binary }, testRun())).rejects.toThrow(
      'Txt File: x.txt is not a text file.',
    )
  })

  it('accepts the file types Flowise lists, with Markdown and HTML among them', () => {
    const fileType = textFile.descriptor.inputs.find((input) => input.name === 'txtFile')?.fileType ?? ''
    const types = fileType.split(',').map((type) => type.trim())
    expect(types).toEqual(expect.arrayContaining(['.txt', '.md', '.markdown', '.html', '.htm', '.xml', '.py', '.ts']))
  })
})
