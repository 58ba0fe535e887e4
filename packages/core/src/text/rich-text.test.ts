import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeEntities } from './html-fragment.js'
import { isRichText, readRichText, readRichTextInputs, richTextToMarkdown } from './rich-text.js'

const mention = (reference: string) =>
  `<span class="variable" data-type="mention" data-id="${reference}" data-label="${reference}">{{ ${reference} }}</span>`

describe('isRichText', () => {
  it('knows the editor by the block tag its HTML opens with', () => {
    expect(isRichText('<p>SOFTWARE</p>')).toBe(true)
    expect(isRichText('  <P class="x">a</P>')).toBe(true)
    for (const tag of ['div', 'h2', 'ul', 'ol', 'blockquote', 'pre', 'table'])
      expect(isRichText(`<${tag}>x</${tag}>`)).toBe(true)
  })

  it('leaves plain text, text that contains a tag, and the user’s own tags alone', () => {
    expect(isRichText('SOFTWARE')).toBe(false)
    expect(isRichText('a < b')).toBe(false)
    expect(isRichText('Say <p>hi</p>')).toBe(false)
    expect(isRichText('<instructions><div>Be brief</div></instructions>')).toBe(false)
    expect(isRichText('<param>x</param>')).toBe(false)
    expect(isRichText('<pretend>x</pretend>')).toBe(false)
  })
})

describe('richTextToMarkdown', () => {
  it('reads a paragraph as its text and a mention span as its reference', () => {
    expect(richTextToMarkdown('<p>SOFTWARE</p>')).toBe('SOFTWARE')
    expect(richTextToMarkdown(`<p>${mention('$flow.state.next')} </p>`)).toBe('{{ $flow.state.next }}')
    expect(richTextToMarkdown('<p>[{"item": "abc"}, {"item": "def"}]</p>')).toBe('[{"item": "abc"}, {"item": "def"}]')
  })

  it('names the reference of a mention saved without its braces', () => {
    expect(
      richTextToMarkdown('<p>Hi <span data-type="mention" data-id="question" data-label="question"></span></p>'),
    ).toBe('Hi {{ question }}')
  })

  it('puts a blank line between paragraphs, a line break for <br>, and drops empty paragraphs', () => {
    expect(richTextToMarkdown(`<p>English:</p><p>${mention('question')} </p><p>Japanese:</p><p></p>`)).toBe(
      'English:\n\n{{ question }}\n\nJapanese:',
    )
    expect(richTextToMarkdown(`<p>Here it is:<br>--<br>${mention('chat_history')}</p>`)).toBe(
      'Here it is:\n--\n{{ chat_history }}',
    )
  })

  it('decodes entities, so escaped tags the user typed come back as typed', () => {
    expect(richTextToMarkdown('<p>&lt;research_topic&gt;</p><p>Tom &amp; Jerry&nbsp;&#39;s &#x1F600;</p>')).toBe(
      "<research_topic>\n\nTom & Jerry 's 😀",
    )
  })

  it('keeps lists readable, nested ones indented, with the paragraphs TipTap puts in items', () => {
    const html =
      '<p>Steps:</p><ol><li><p>Start: introduce the topic.</p></li><li><p>Research &amp; share:</p>' +
      '<ul><li><p>Use <strong>search</strong></p></li><li><p>Cite</p></li></ul></li></ol>'
    expect(richTextToMarkdown(html)).toBe(
      'Steps:\n\n1. Start: introduce the topic.\n2. Research & share:\n   - Use **search**\n   - Cite',
    )
    expect(richTextToMarkdown('<ol start="3"><li>c</li><li>d</li></ol>')).toBe('3. c\n4. d')
    expect(
      richTextToMarkdown(
        '<ul data-type="taskList"><li data-checked="true">done</li><li data-checked="false">todo</li></ul>',
      ),
    ).toBe('- [x] done\n- [ ] todo')
  })

  it('fences code blocks with their language and keeps their lines and spaces', () => {
    const html = '<p>Run:</p><pre><code class="language-js">if (a &lt; b) {\n  return "x"\n}\n</code></pre>'
    expect(richTextToMarkdown(html)).toBe('Run:\n\n```js\nif (a < b) {\n  return "x"\n}\n```')
    expect(richTextToMarkdown('<pre><code>a ``` b</code></pre>')).toBe('````\na ``` b\n````')
  })

  it('writes headings, quotes, rules, inline marks, links and tables as Markdown', () => {
    expect(richTextToMarkdown('<h2>Title</h2><blockquote><p>quoted</p><p>more</p></blockquote><hr><p>end</p>')).toBe(
      '## Title\n\n> quoted\n>\n> more\n\n---\n\nend',
    )
    expect(
      richTextToMarkdown(
        '<p><em>it</em> <strong>bold </strong>then <code>a&lt;b</code> <s>old</s> <a href="https://x.dev">site</a></p>',
      ),
    ).toBe('_it_ **bold** then `a<b` ~~old~~ [site](https://x.dev)')
    expect(
      richTextToMarkdown('<table><tbody><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>x|y</td></tr></tbody></table>'),
    ).toBe('| a | b |\n| --- | --- |\n| 1 | x\\|y |')
  })

  it('keeps Markdown typed inside the HTML, and spaces typed inside a line', () => {
    expect(richTextToMarkdown('<p>### Heading</p><p>- item *star* llmAgentflow_1</p>')).toBe(
      '### Heading\n\n- item *star* llmAgentflow_1',
    )
    expect(richTextToMarkdown('<p>a  b</p>')).toBe('a  b')
  })

  it('reads a stray < as text and ignores tags that close nothing', () => {
    expect(richTextToMarkdown('<p>a < b and c<d</p></span>')).toBe('a < b and c<d')
    expect(richTextToMarkdown('<p>\n  Hello\n  world\n</p>\n<p>again</p>')).toBe('Hello world\n\nagain')
    expect(richTextToMarkdown('<div><p>open')).toBe('open')
  })
})

describe('readRichText', () => {
  it('turns only the editor’s HTML into text', () => {
    expect(readRichText('<p>SOFTWARE</p>')).toBe('SOFTWARE')
    expect(readRichText('a < b')).toBe('a < b')
    expect(readRichText('<b>bold</b> stays as written')).toBe('<b>bold</b> stays as written')
  })

  it('leaves any text that does not open with a block tag exactly as it is', () => {
    fc.assert(
      fc.property(
        fc.string().filter((text) => !isRichText(text)),
        (text) => readRichText(text) === text,
      ),
    )
  })

  it('reads plain text wrapped in one paragraph back as that text', () => {
    const plain = fc.stringMatching(/^[A-Za-z0-9{}$.,:;!?'"[\]() _-]*$/).map((text) => text.trim().replace(/ +/g, ' '))
    fc.assert(
      fc.property(plain, (text) => {
        const escaped = text.replaceAll('&', '&amp;').replaceAll('<', '&lt;')
        return richTextToMarkdown(`<p>${escaped}</p>`) === text
      }),
    )
  })
})

describe('readRichTextInputs', () => {
  it('reads every string of the inputs, keeping rows, objects and other values', () => {
    const inputs = {
      conditions: [
        {
          type: 'string',
          value1: `<p>${mention('$flow.state.next')} </p>`,
          operation: 'equal',
          value2: '<p>SOFTWARE</p>',
        },
      ],
      agentTools: [{ agentSelectedToolConfig: { requestsGetUrl: '<p>http://localhost:5566/events</p>' } }],
      temperature: 0.7,
      enabled: true,
      code: 'return a < b',
    }
    expect(readRichTextInputs(inputs)).toEqual({
      conditions: [{ type: 'string', value1: '{{ $flow.state.next }}', operation: 'equal', value2: 'SOFTWARE' }],
      agentTools: [{ agentSelectedToolConfig: { requestsGetUrl: 'http://localhost:5566/events' } }],
      temperature: 0.7,
      enabled: true,
      code: 'return a < b',
    })
  })
})

describe('decodeEntities', () => {
  it('leaves unknown or invalid references as written', () => {
    expect(decodeEntities('&bogus; &#0; &#xD800; &amp')).toBe('&bogus; &#0; &#xD800; &amp')
  })
})
