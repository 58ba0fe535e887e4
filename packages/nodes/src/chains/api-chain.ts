import { defineNode, type Answerer } from '../define-node.js'
import { callApi } from '../net/call-api.js'
import { chat } from '../providers/chat-model.js'
import { answerWithModel, requireChatModel } from '../runtime/answer.js'
import { fillPrompts } from '../runtime/prompt.js'
import { isRecord, readText } from '../runtime/read-input.js'
import { readHeaders } from '../tools/send-request.js'
import { headersParam } from '../tools/request-params.js'

// The GET and POST API Chains: the model reads the API docs and writes the call (the address, and
// for POST the JSON body), Weft makes it through the outbound guard, and the model answers from what
// the API said. The Headers go only to the API the docs name, never to an address the model invents.

/** The most bytes read of the API's answer. */
export const MAX_API_ANSWER_BYTES = 1024 * 1024
/** The most characters of the answer put in the prompt. */
export const MAX_API_ANSWER_CHARS = 16_000

export const GET_URL_PROMPT = [
  'Here is the documentation of an API:',
  '{api_docs}',
  '',
  'Write the full URL of one GET request to this API, with the query parameters it needs, that gets what',
  'answers the question below. Answer with the URL only.',
  '',
  'Question: {question}',
  'API url:',
].join('\n')

export const GET_ANSWER_PROMPT = [
  'Here is the documentation of an API:',
  '{api_docs}',
  '',
  'Question: {question}',
  'API url: {api_url}',
  '',
  'The API answered:',
  '{api_response}',
  '',
  'Answer the question from what the API answered, in plain words. If it does not answer it, say so.',
].join('\n')

export const POST_URL_PROMPT = [
  'Here is the documentation of an API:',
  '{api_docs}',
  '',
  'Write one POST request to this API that gets what answers the question below, as a JSON object with',
  'the full URL in "url" and the JSON body in "data". Answer with the JSON object only.',
  '',
  'Question: {question}',
].join('\n')

export const POST_ANSWER_PROMPT = [
  'Here is the documentation of an API:',
  '{api_docs}',
  '',
  'Question: {question}',
  'Request sent: {api_url_body}',
  '',
  'The API answered:',
  '{api_response}',
  '',
  'Answer the question from what the API answered, in plain words. If it does not answer it, say so.',
].join('\n')

/** The request a model wrote. */
interface WrittenCall {
  url: URL
  body?: Record<string, unknown>
}

const withoutFences = (text: string) => /```(?:\w+)?\s*([\s\S]*?)```/.exec(text)?.[1] ?? text

/** The first web address in a model's answer, without the quotes or full stop around it. */
export function urlOfAnswer(text: string): URL | undefined {
  const found = /https?:\/\/[^\s"'`<>]+/i.exec(withoutFences(text))?.[0]?.replace(/[.,;:)\]]+$/, '')
  return found ? (URL.parse(found) ?? undefined) : undefined
}

function getOfAnswer(text: string): WrittenCall | undefined {
  const url = urlOfAnswer(text)
  return url ? { url } : undefined
}

/** The `{ "url": ..., "data": {...} }` object in a model's answer. */
export function postOfAnswer(text: string): WrittenCall | undefined {
  const inner = withoutFences(text)
  const start = inner.indexOf('{')
  const end = inner.lastIndexOf('}')
  if (start < 0 || end < start) return undefined
  let value: unknown
  try {
    value = JSON.parse(inner.slice(start, end + 1))
  } catch {
    return undefined
  }
  if (!isRecord(value) || typeof value.url !== 'string') return undefined
  const url = URL.parse(value.url.trim())
  if (!url) return undefined
  return { url, body: isRecord(value.data) ? value.data : {} }
}

/** The origins of the web addresses in the API docs: the only places the chain calls. */
function docOrigins(docs: string): Set<string> {
  const origins = new Set<string>()
  for (const [found] of docs.matchAll(/https?:\/\/[^\s"'`<>()[\]]+/gi)) {
    const url = URL.parse(found)
    if (url) origins.add(url.origin)
  }
  return origins
}

const cut = (text: string) =>
  text.length > MAX_API_ANSWER_CHARS
    ? `${text.slice(0, MAX_API_ANSWER_CHARS)}\n…(cut at ${MAX_API_ANSWER_CHARS} characters)`
    : text

export interface ApiChainSpec {
  method: 'GET' | 'POST'
  label: string
  name: string
  type: string
  color: string
  description: string
  urlPrompt: string
  ansPrompt: string
}

export function defineApiChain(spec: ApiChainSpec) {
  const chainName = `${spec.method} API Chain`
  return defineNode({
    descriptor: {
      label: spec.label,
      name: spec.name,
      version: 1,
      type: spec.type,
      category: 'Chains',
      description: spec.description,
      icon: `${spec.name}.svg`,
      color: spec.color,
      baseClasses: [spec.type, 'BaseChain', 'Runnable'],
      canvases: ['chatflow'],
      inputs: [
        { label: 'Language Model', name: 'model', type: 'BaseLanguageModel' },
        {
          label: 'API Documentation',
          name: 'apiDocs',
          type: 'string',
          rows: 4,
          description:
            'How the API works: its address (e.g. https://api.example.com/v1), endpoints and parameters. ' +
            'The chain calls only the addresses named here.',
        },
        headersParam,
        {
          label: 'URL Prompt',
          name: 'urlPrompt',
          type: 'string',
          rows: 4,
          description:
            spec.method === 'GET'
              ? 'Tells the model how to write the URL; takes {api_docs} and {question}.'
              : 'Tells the model how to write the URL and body as JSON ("url", "data"); takes {api_docs} and {question}.',
          default: spec.urlPrompt,
          additionalParams: true,
        },
        {
          label: 'Answer Prompt',
          name: 'ansPrompt',
          type: 'string',
          rows: 4,
          description:
            'Tells the model how to answer from the API; takes {api_docs}, {question}, {api_url}, ' +
            `${spec.method === 'POST' ? '{api_body}, {api_url_body}, ' : ''}and {api_response}.`,
          default: spec.ansPrompt,
          additionalParams: true,
        },
      ],
    },
    run: async ({ inputs }): Promise<Answerer> => {
      const model = requireChatModel(inputs.model, 'Language Model')
      const docs = readText(inputs.apiDocs).trim()
      if (!docs) throw new Error(`${chainName}: describe the API in API Documentation.`)
      const origins = docOrigins(docs)
      if (!origins.size) {
        throw new Error(
          `${chainName}: API Documentation must name the address of the API (such as https://api.example.com), ` +
            'so the chain calls only that API.',
        )
      }
      const headers = readHeaders(inputs.headers)
      const urlPrompt = readText(inputs.urlPrompt).trim() || spec.urlPrompt
      const ansPrompt = readText(inputs.ansPrompt).trim() || spec.ansPrompt
      return {
        answer: async (scope) => {
          const [asked] = fillPrompts([urlPrompt], { api_docs: docs }, scope.question)
          const written = await chat(model, { messages: [{ role: 'user', content: asked! }], signal: scope.signal })
          const call = spec.method === 'GET' ? getOfAnswer(written.text) : postOfAnswer(written.text)
          if (!call) {
            throw new Error(
              spec.method === 'GET'
                ? `${chainName}: the model did not write a URL to call.`
                : `${chainName}: the model did not write the request as JSON with "url" and "data".`,
            )
          }
          if (!origins.has(call.url.origin)) {
            throw new Error(
              `${chainName} did not call ${call.url.origin}: the model may call only the addresses API Documentation names.`,
            )
          }
          const response = await callApi({
            method: spec.method,
            url: call.url,
            headers,
            ...(call.body ? { body: call.body } : {}),
            fetch: scope.fetch,
            signal: scope.signal,
            maxBytes: MAX_API_ANSWER_BYTES,
          })
          // A failed call is still something to explain: the model tells the user what the API said.
          const said = response.ok
            ? response.text
            : `${response.status} ${response.statusText}: ${response.text}`.trim()
          const body = JSON.stringify(call.body ?? {})
          const [prompt] = fillPrompts(
            [ansPrompt],
            {
              api_docs: docs,
              api_url: call.url.href,
              api_body: body,
              api_url_body: spec.method === 'POST' ? `POST ${call.url.href} ${body}` : call.url.href,
              api_response: cut(said),
            },
            scope.question,
          )
          return answerWithModel(model, { messages: [{ role: 'user', content: prompt! }] }, scope)
        },
      }
    },
  })
}
