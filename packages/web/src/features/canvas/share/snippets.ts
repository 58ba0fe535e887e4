import type { ExampleInput } from './exampleInputs'

export type SnippetLanguage = 'curl' | 'javascript' | 'python'

export const SNIPPET_LANGUAGES: { language: SnippetLanguage; label: string }[] = [
  { language: 'curl', label: 'cURL' },
  { language: 'javascript', label: 'JavaScript' },
  { language: 'python', label: 'Python' },
]

/** What an example call needs to know about the flow and its caller. */
export interface SnippetOptions {
  /** Where Weft answers, e.g. `https://weft.example.com`. */
  origin: string
  flowId: string
  /**
   * The API key bound to the flow, by name ('' when the name is not known here), or null when none
   * is bound. The key itself is shown once at creation, so examples carry a placeholder.
   */
  apiKey: { name: string } | null
  /** At most MAX_EXAMPLE_INPUTS, from `exampleInputs`. */
  inputs: ExampleInput[]
  streaming: boolean
}

export const API_KEY_PLACEHOLDER = '<your API key>'
export const EXAMPLE_QUESTION = 'Hey, how are you?'

export const predictionUrl = (origin: string, flowId: string) =>
  `${origin.replace(/\/+$/, '')}/api/v1/prediction/${encodeURIComponent(flowId)}`

/** Example code calling the flow's prediction API in `language`; plain text, ready to copy. */
export function buildSnippet(language: SnippetLanguage, options: SnippetOptions): string {
  return WRITERS[language](options)
}

const WRITERS: Record<SnippetLanguage, (options: SnippetOptions) => string> = {
  curl: curlSnippet,
  javascript: (options) => (options.streaming ? javascriptStreamSnippet(options) : javascriptSnippet(options)),
  python: (options) => (options.streaming ? pythonStreamSnippet(options) : pythonSnippet(options)),
}

function requestBody({ inputs, streaming }: SnippetOptions): Record<string, unknown> {
  return {
    question: EXAMPLE_QUESTION,
    ...(streaming ? { streaming: true } : {}),
    ...(inputs.length > 0
      ? { overrideConfig: Object.fromEntries(inputs.map(({ name, value }) => [name, value])) }
      : {}),
  }
}

function keyComment(prefix: string, apiKey: { name: string } | null): string[] {
  if (!apiKey) return []
  const which = apiKey.name ? `the API key "${apiKey.name}"` : 'the API key'
  return [`${prefix} Replace ${API_KEY_PLACEHOLDER} with ${which} bound to this flow.`]
}

function curlSnippet(options: SnippetOptions): string {
  // Single quotes keep the shell from reading the JSON; a quote inside it is closed, escaped, reopened.
  const json = JSON.stringify(requestBody(options), null, 2).replace(/'/g, `'\\''`)
  return [
    ...keyComment('#', options.apiKey),
    `curl ${options.streaming ? '-N ' : ''}-X POST ${predictionUrl(options.origin, options.flowId)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    ...(options.apiKey ? [`  -H 'Authorization: Bearer ${API_KEY_PLACEHOLDER}' \\`] : []),
    `  -d '${json}'`,
  ].join('\n')
}

function javascriptHeaders(apiKey: { name: string } | null): string {
  return apiKey
    ? `{ 'Content-Type': 'application/json', Authorization: 'Bearer ${API_KEY_PLACEHOLDER}' }`
    : `{ 'Content-Type': 'application/json' }`
}

function javascriptSnippet(options: SnippetOptions): string {
  return [
    ...keyComment('//', options.apiKey),
    'async function query(data) {',
    `  const response = await fetch('${predictionUrl(options.origin, options.flowId)}', {`,
    `    method: 'POST',`,
    `    headers: ${javascriptHeaders(options.apiKey)},`,
    '    body: JSON.stringify(data),',
    '  })',
    '  if (!response.ok) throw new Error((await response.json()).message)',
    '  return response.json()',
    '}',
    '',
    `query(${JSON.stringify(requestBody(options), null, 2)}).then((answer) => {`,
    '  console.log(answer.text)',
    '})',
  ].join('\n')
}

function javascriptStreamSnippet(options: SnippetOptions): string {
  return [
    ...keyComment('//', options.apiKey),
    '// The answer arrives as Server-Sent Events: data: {"event": "token", "data": "Hel"}',
    'async function query(data, onToken) {',
    `  const response = await fetch('${predictionUrl(options.origin, options.flowId)}', {`,
    `    method: 'POST',`,
    `    headers: ${javascriptHeaders(options.apiKey)},`,
    '    body: JSON.stringify(data),',
    '  })',
    '  if (!response.ok) throw new Error((await response.json()).message)',
    '  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()',
    "  let buffer = ''",
    '  for (;;) {',
    '    const { value, done } = await reader.read()',
    '    if (done) return',
    "    buffer += value.replace(/\\r\\n?/g, '\\n')",
    "    const frames = buffer.split('\\n\\n')",
    '    buffer = frames.pop()',
    '    for (const frame of frames) {',
    "      const line = frame.split('\\n').find((text) => text.startsWith('data:'))",
    '      if (!line) continue',
    '      const { event, data: payload } = JSON.parse(line.slice(5))',
    "      if (event === 'token') onToken(payload)",
    "      if (event === 'error') throw new Error(payload)",
    '    }',
    '  }',
    '}',
    '',
    `query(${JSON.stringify(requestBody(options), null, 2)}, (token) => {`,
    '  process.stdout.write(token)',
    '})',
  ].join('\n')
}

function pythonPreamble(options: SnippetOptions, imports: string[]): string[] {
  return [
    ...imports.map((name) => `import ${name}`),
    '',
    ...keyComment('#', options.apiKey),
    `API_URL = "${predictionUrl(options.origin, options.flowId)}"`,
    ...(options.apiKey ? [`headers = {"Authorization": "Bearer ${API_KEY_PLACEHOLDER}"}`] : []),
    '',
  ]
}

const pythonHeadersArgument = (options: SnippetOptions) => (options.apiKey ? ', headers=headers' : '')

function pythonSnippet(options: SnippetOptions): string {
  return [
    ...pythonPreamble(options, ['requests']),
    'def query(payload):',
    `    response = requests.post(API_URL, json=payload${pythonHeadersArgument(options)})`,
    '    response.raise_for_status()',
    '    return response.json()',
    '',
    `output = query(${toPython(requestBody(options), '')})`,
    'print(output["text"])',
  ].join('\n')
}

function pythonStreamSnippet(options: SnippetOptions): string {
  return [
    ...pythonPreamble(options, ['json', 'requests']),
    '# The answer arrives as Server-Sent Events: data: {"event": "token", "data": "Hel"}',
    'def query(payload):',
    `    with requests.post(API_URL, json=payload${pythonHeadersArgument(options)}, stream=True) as response:`,
    '        response.raise_for_status()',
    '        for line in response.iter_lines(decode_unicode=True):',
    '            if not line or not line.startswith("data:"):',
    '                continue',
    '            frame = json.loads(line[5:])',
    '            if frame["event"] == "token":',
    '                print(frame["data"], end="", flush=True)',
    '            elif frame["event"] == "error":',
    '                raise RuntimeError(frame["data"])',
    '',
    `query(${toPython(requestBody(options), '')})`,
  ].join('\n')
}

/** A Python literal of a JSON value, indented like `JSON.stringify(value, null, 4)`. */
export function toPython(value: unknown, indent: string): string {
  if (value === null || value === undefined) return 'None'
  if (typeof value === 'boolean') return value ? 'True' : 'False'
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'None'
  if (typeof value === 'string') return JSON.stringify(value)
  const inner = `${indent}    `
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    return `[\n${value.map((item) => `${inner}${toPython(item, inner)}`).join(',\n')}\n${indent}]`
  }
  const entries = Object.entries(value as Record<string, unknown>)
  if (entries.length === 0) return '{}'
  return `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${toPython(item, inner)}`).join(',\n')}\n${indent}}`
}
