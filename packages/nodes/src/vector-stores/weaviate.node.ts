import { defineNode, type NodeRunContext } from '../define-node.js'
import { readBoolean, readNumber, readString } from '../providers/node-inputs.js'
import { isRecord } from '../runtime/read-input.js'
import { runCollectionStore } from './collection-store.js'
import { searchParams, storeInputs, storeOutputs } from './store-params.js'

/** The Weaviate Search Filter when it is written in Weaviate's own form ({ path, operator, value… }). */
function nativeWhere(raw: unknown, label: string): Record<string, unknown> | undefined {
  let value = raw
  if (typeof raw === 'string') {
    if (!raw.trim()) return undefined
    try {
      value = JSON.parse(raw)
    } catch {
      throw new Error(`${label}: Weaviate Search Filter must be JSON, e.g. { "source": "handbook.pdf" }.`)
    }
  }
  return isRecord(value) && ('operator' in value || 'path' in value) ? value : undefined
}

/** The server address: the host's own scheme, else the connection type's (Flowise 2), else Weaviate Scheme. */
function urlOf(inputs: Record<string, unknown>, host: string): string {
  if (/^https?:\/\//i.test(host)) return host
  const type = readString(inputs.weaviateConnectionType)
  const scheme =
    type === 'local'
      ? 'http'
      : type === 'custom'
        ? readBoolean(inputs.weaviateHttpSecure, true)
          ? 'https'
          : 'http'
        : type === 'cloud'
          ? 'https'
          : (readString(inputs.weaviateScheme) ?? 'https')
  return `${scheme}://${host}`
}

/** Opens the class the node's inputs name, for vectors of `dimensions` numbers. */
async function openCollection({ inputs, credential, scope, label }: NodeRunContext, dimensions: number) {
  const host = readString(inputs.weaviateHost)
  const indexName = readString(inputs.weaviateIndex)
  if (!host) throw new Error(`${label}: fill in Weaviate Host.`)
  if (!indexName) throw new Error(`${label}: fill in Weaviate Index.`)
  const alpha = readNumber(inputs.alpha)
  if (alpha !== undefined && alpha !== 1) {
    throw new Error(`${label}: Weft searches Weaviate by vector only; clear Alpha (for Hybrid Search) or set it to 1.`)
  }
  let metadataKeys: string[] | undefined
  const keys = readString(inputs.weaviateMetadataKeys)
  if (keys) {
    const parsed = safeParse(keys)
    if (!Array.isArray(parsed) || !parsed.every((key) => typeof key === 'string')) {
      throw new Error(`${label}: Weaviate Metadata Keys must be a JSON list of names, e.g. ["source", "page"].`)
    }
    metadataKeys = parsed
  }
  const apiKey = credential?.weaviateApiKey
  const where = nativeWhere(inputs.weaviateFilter, label)
  const textKey = readString(inputs.weaviateTextKey)
  // The Weaviate SDK loads with the first run that reaches this store, not when the server starts.
  const { openWeaviateCollection } = await import('./weaviate-collection.js')
  return openWeaviateCollection({
    url: urlOf(inputs, host),
    indexName,
    dimensions,
    fetch: scope.fetch,
    ...(apiKey ? { apiKey } : {}),
    ...(textKey ? { textKey } : {}),
    ...(metadataKeys ? { metadataKeys } : {}),
    ...(where ? { where } : {}),
  })
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

const optional = { optional: true, additionalParams: true }

export default defineNode({
  descriptor: {
    label: 'Weaviate',
    name: 'weaviate',
    version: 1,
    type: 'Weaviate',
    category: 'Vector Stores',
    description: 'Store and search document vectors in Weaviate, an open-source vector database reached by its host.',
    icon: 'weaviate.svg',
    color: '#5EC6A8',
    baseClasses: ['Weaviate', 'VectorStoreRetriever', 'BaseRetriever'],
    // Only needed for a server that asks for an API key (Weaviate Cloud).
    credential: { label: 'Connect Credential', credentialNames: ['weaviateApi'], optional: true },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      ...storeInputs,
      {
        label: 'Weaviate Scheme',
        name: 'weaviateScheme',
        type: 'options',
        options: [
          { label: 'https', name: 'https' },
          { label: 'http', name: 'http' },
        ],
        default: 'https',
      },
      {
        label: 'Weaviate Connection Type',
        name: 'weaviateConnectionType',
        type: 'options',
        description:
          'As newer Flowise flows say it: Local is http, Cloud https, Custom as HTTP Secure says; overrides Weaviate Scheme.',
        options: [
          { label: 'Cloud', name: 'cloud' },
          { label: 'Local', name: 'local' },
          { label: 'Custom', name: 'custom' },
        ],
        ...optional,
      },
      {
        label: 'Weaviate Host',
        name: 'weaviateHost',
        type: 'string',
        description: 'The host and port, e.g. localhost:8080, or a URL with its scheme.',
        placeholder: 'localhost:8080',
      },
      {
        label: 'HTTP Secure',
        name: 'weaviateHttpSecure',
        type: 'boolean',
        default: true,
        ...optional,
        show: { weaviateConnectionType: 'custom' },
      },
      {
        label: 'Weaviate Index',
        name: 'weaviateIndex',
        type: 'string',
        description: 'The class name; Weaviate starts it with a capital letter.',
        placeholder: 'Test',
      },
      { label: 'Weaviate Text Key', name: 'weaviateTextKey', type: 'string', placeholder: 'text', ...optional },
      {
        label: 'Weaviate Metadata Keys',
        name: 'weaviateMetadataKeys',
        type: 'string',
        description: 'The properties read as metadata; every property of the class when empty.',
        rows: 4,
        placeholder: '["foo"]',
        ...optional,
      },
      {
        label: 'Weaviate Search Filter',
        name: 'weaviateFilter',
        type: 'json',
        description:
          'Values the metadata must have, e.g. { "source": "handbook.pdf" }, or a filter in Weaviate’s own form.',
        ...optional,
      },
      ...searchParams,
      {
        label: 'Alpha (for Hybrid Search)',
        name: 'alpha',
        type: 'number',
        description: 'Weft searches by vector only (alpha 1); another value is refused.',
        placeholder: '1',
        ...optional,
      },
    ],
    outputs: storeOutputs('Weaviate'),
  },
  openCollection,
  run: (context) => {
    // A filter in Weaviate's own form is sent as it is (openCollection); plain values are the metadata filter.
    const native = nativeWhere(context.inputs.weaviateFilter, context.label)
    const open = (dimensions: number) => openCollection(context, dimensions)
    return native ? runCollectionStore(context, open) : runCollectionStore(context, open, 'weaviateFilter')
  },
})
