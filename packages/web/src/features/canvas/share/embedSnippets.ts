export type EmbedKind = 'popup' | 'fullPage' | 'react'

export const EMBED_KINDS: { kind: EmbedKind; label: string }[] = [
  { kind: 'popup', label: 'Popup bubble' },
  { kind: 'fullPage', label: 'Full page' },
  { kind: 'react', label: 'React' },
]

/** The widget's address: the built `embed.js` is served from the web root. */
export const embedScriptUrl = (origin: string) => `${trimOrigin(origin)}/embed.js`

const trimOrigin = (origin: string) => origin.replace(/\/+$/, '')

/** Code that puts the flow's chat on another site; plain text, ready to copy. */
export function buildEmbedSnippet(kind: EmbedKind, origin: string, flowId: string): string {
  const script = embedScriptUrl(origin)
  const options = `{\n    chatflowid: '${flowId}',\n    apiHost: '${trimOrigin(origin)}',\n  }`
  switch (kind) {
    case 'popup':
      return [
        '<script type="module">',
        `  import Chatbot from '${script}'`,
        `  Chatbot.init(${options})`,
        '</script>',
      ].join('\n')
    case 'fullPage':
      return [
        '<weft-fullchatbot style="display: block; height: 100vh"></weft-fullchatbot>',
        '<script type="module">',
        `  import Chatbot from '${script}'`,
        `  Chatbot.initFull(${options})`,
        '</script>',
      ].join('\n')
    case 'react':
      return reactSnippet(script, trimOrigin(origin), flowId)
  }
}

function reactSnippet(script: string, apiHost: string, flowId: string): string {
  return [
    "import { useEffect, useRef } from 'react'",
    '',
    '// Loads the chat widget from Weft and shows the flow in this box.',
    'export default function WeftChat({ height = 600 }) {',
    '  const box = useRef(null)',
    '  useEffect(() => {',
    '    let chat',
    '    let gone = false',
    `    import(/* webpackIgnore: true */ /* @vite-ignore */ '${script}').then(({ default: Chatbot }) => {`,
    `      if (!gone) chat = Chatbot.initFull({ chatflowid: '${flowId}', apiHost: '${apiHost}', element: box.current })`,
    '    })',
    '    return () => {',
    '      gone = true',
    '      chat?.destroy()',
    '    }',
    '  }, [])',
    '  return <div ref={box} style={{ height }} />',
    '}',
  ].join('\n')
}
