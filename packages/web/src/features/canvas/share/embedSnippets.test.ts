import { describe, expect, it } from 'vitest'
import { buildEmbedSnippet } from './embedSnippets'

describe('embed snippets', () => {
  it('loads the widget from this server and opens the flow in a bubble', () => {
    const snippet = buildEmbedSnippet('popup', 'https://weft.example.com/', 'f1')
    expect(snippet).toContain(`import Chatbot from 'https://weft.example.com/embed.js'`)
    expect(snippet).toContain('Chatbot.init({')
    expect(snippet).toContain(`chatflowid: 'f1'`)
    expect(snippet).toContain(`apiHost: 'https://weft.example.com'`)
  })

  it('fills a weft-fullchatbot element for a full page', () => {
    const snippet = buildEmbedSnippet('fullPage', 'https://weft.example.com', 'f1')
    expect(snippet).toContain('<weft-fullchatbot')
    expect(snippet).toContain('Chatbot.initFull({')
  })

  it('gives a React component that mounts the chat in its box and cleans up', () => {
    const snippet = buildEmbedSnippet('react', 'https://weft.example.com', 'f1')
    expect(snippet).toContain(
      `import(/* webpackIgnore: true */ /* @vite-ignore */ 'https://weft.example.com/embed.js')`,
    )
    expect(snippet).toContain(`element: box.current`)
    expect(snippet).toContain('chat?.destroy()')
  })
})
