import type { SourceDocument } from '@weft/core'
import { defineNode } from '../define-node.js'
import { loaderOutput } from '../documents/loader-output.js'
import { apiAddress, callApi, isJsonType } from '../net/call-api.js'
import { readJsonObject, readText } from '../runtime/read-input.js'
import { readHeaders } from '../tools/send-request.js'
import { DOCUMENT_CLASSES, LOADER_OUTPUTS, metadataParam, textSplitterAnchor } from './loader-params.js'
import { headersParam } from '../tools/request-params.js'

/** The most bytes read of the API's answer, as for a web page. */
export const MAX_API_LOADER_BYTES = 10 * 1024 * 1024

export default defineNode({
  descriptor: {
    label: 'API Loader',
    name: 'apiLoader',
    version: 1,
    type: 'Document',
    category: 'Document Loaders',
    description: 'Call a web API with GET or POST and read its answer, JSON or text, as documents.',
    icon: 'apiLoader.svg',
    color: '#B0562A',
    baseClasses: DOCUMENT_CLASSES,
    canvases: ['chatflow', 'sequential'],
    inputs: [
      textSplitterAnchor,
      {
        label: 'Method',
        name: 'method',
        type: 'options',
        options: [
          { label: 'GET', name: 'GET' },
          { label: 'POST', name: 'POST' },
        ],
        default: 'GET',
      },
      { label: 'URL', name: 'url', type: 'string', placeholder: 'https://api.example.com/items' },
      headersParam,
      {
        label: 'Body',
        name: 'body',
        type: 'json',
        description: 'The JSON sent with a POST request.',
        optional: true,
        additionalParams: true,
      },
      metadataParam,
    ],
    outputs: LOADER_OUTPUTS,
  },
  run: async (context) => {
    const { inputs, scope } = context
    const method = readText(inputs.method) || 'GET'
    if (method !== 'GET' && method !== 'POST') throw new Error(`Method must be GET or POST, not ${method}.`)
    const url = readUrl(inputs.url)
    const headers = readHeaders(inputs.headers)
    const body = method === 'POST' ? readJsonObject(inputs.body, 'Body') : undefined
    const response = await callApi({
      method,
      url,
      headers,
      ...(body ? { body } : {}),
      fetch: scope.fetch,
      signal: scope.signal,
      maxBytes: MAX_API_LOADER_BYTES,
    })
    if (!response.ok)
      throw new Error(`${apiAddress(url)} answered ${response.status} ${response.statusText}`.trim() + '.')
    const documents = answerDocuments(response.text, isJsonType(response.type), url)
    if (documents.length === 0) throw new Error(`${apiAddress(url)} answered with no content.`)
    return loaderOutput(documents, context)
  },
})

function readUrl(raw: unknown): URL {
  const text = readText(raw).trim()
  if (text === '') throw new Error('Write the address of the API to call in URL.')
  const url = URL.parse(text)
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new Error(`URL must be a web address starting with http:// or https://, not "${text}".`)
  }
  return url
}

/**
 * A JSON array gives one document per item (`item` counts from 1), other JSON one document, each as
 * JSON text (keys kept: they say what the values are); any other answer is one document of its text.
 */
function answerDocuments(text: string, json: boolean, url: URL): SourceDocument[] {
  const source = url.href
  if (!json) return text.trim() === '' ? [] : [{ pageContent: text, metadata: { source } }]
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new Error(`${apiAddress(url)} answered with JSON that does not parse: ${(error as Error).message}`, {
      cause: error,
    })
  }
  const asText = (item: unknown) => (typeof item === 'string' ? item : JSON.stringify(item))
  if (!Array.isArray(value)) return [{ pageContent: asText(value), metadata: { source } }]
  return value.flatMap((item, index) => {
    const pageContent = asText(item)
    return pageContent.trim() === '' ? [] : [{ pageContent, metadata: { source, item: index + 1 } }]
  })
}
