import { matchesMetadataFilter, type MetadataFilter } from '@weft/core'
import {
  Aggregator,
  ClassCreator,
  ClassDeleter,
  ClassGetter,
  GraphQLGetter,
  ObjectsBatchDeleter,
  ObjectsBatcher,
} from 'weaviate-ts-client'
import { cosineSimilarity } from '../documents/vector-index.js'
import type { VectorRecord } from '../documents/vector-collection.js'
import type { OutboundFetch } from '../net/outbound-guard.js'
import type { SearchableCollection, VectorHit } from './collection-store.js'
import { flattenMetadata } from './flat-metadata.js'
import { isUuid, nameBasedUuid } from './record-ids.js'
import { asStoreError } from './store-errors.js'
import {
  classNameOf,
  propertyNameOf,
  weaviateConnection,
  weaviateWhere,
  type WeaviateWhere,
} from './weaviate-connection.js'

// A Weaviate class as LangChain's Weaviate store (and so Flowise) writes it: the text under
// `textKey`, each metadata key its own property (nested keys joined by `_`), the vector given. Weft
// adds the record id as `weft_id`, since object ids are UUIDs. The builders are weaviate-ts-client's;
// the requests go through the outbound guard (see weaviate-connection.ts).

export interface WeaviateOptions {
  /** e.g. https://my-cluster.weaviate.network or http://localhost:8080 */
  url: string
  indexName: string
  dimensions: number
  fetch: OutboundFetch
  apiKey?: string
  textKey?: string
  /** The properties read as metadata; every property of the class when not given. */
  metadataKeys?: string[]
  /** Flowise's Weaviate Search Filter in Weaviate's own form, added to every search. */
  where?: WeaviateWhere
}

export const RECORD_ID_KEY = 'weft_id'
const BATCH = 100
const PAGE = 100

type Connection = ConstructorParameters<typeof GraphQLGetter>[0]

export async function openWeaviateCollection(options: WeaviateOptions): Promise<SearchableCollection> {
  const { dimensions, apiKey } = options
  const base = new URL(options.url)
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new Error(`The Weaviate host must be reached by http:// or https://, not ${base.protocol}`)
  }
  const className = classNameOf(options.indexName)
  const textKey = options.textKey || 'text'
  const label = `Weaviate (class ${className})`
  const client = weaviateConnection(base.href, options.fetch, apiKey) as unknown as Connection
  const guarded = <T>(work: () => Promise<T>) => asStoreError(label, [apiKey], work)

  let types = new Map<string, string>()
  const readSchema = async () => {
    try {
      const found = (await guarded(() => new ClassGetter(client).withClassName(className).do())) as {
        properties?: { name: string; dataType: string[] }[]
      }
      types = new Map((found.properties ?? []).map((property) => [property.name, property.dataType[0] ?? 'text']))
      return true
    } catch (error) {
      if (/Weaviate answered 404/.test((error as Error).message)) return false
      throw error
    }
  }
  let exists = await readSchema()
  const metadataKeys = () =>
    (options.metadataKeys ?? [...types.keys()]).filter(
      (key) => key !== textKey && key !== RECORD_ID_KEY && types.has(key),
    )

  const checkLength = (vector: number[], what: string) => {
    if (vector.length !== dimensions) {
      throw new Error(`${label} is searched with vectors of ${dimensions} numbers, but ${what} has ${vector.length}.`)
    }
  }
  const objectIdOf = (id: string) => (isUuid(id) ? id.toLowerCase() : nameBasedUuid(id))
  const objectOf = (record: VectorRecord) => {
    const properties: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(flattenMetadata(record.document.metadata, true))) {
      properties[propertyNameOf(key.replaceAll('.', '_'))] = value
    }
    return {
      class: className,
      id: objectIdOf(record.id),
      vector: record.vector,
      properties: { ...properties, [textKey]: record.document.pageContent, [RECORD_ID_KEY]: record.id },
    }
  }

  const searchObjects = async (
    vector: number[],
    k: number,
    filter: MetadataFilter | undefined,
  ): Promise<VectorHit[]> => {
    checkLength(vector, 'the query vector')
    const limit = Math.floor(k)
    if (limit < 1 || !exists) return []
    const own = weaviateWhere(filter, types)
    if (own === false) return []
    const parts = [options.where, own].filter((part): part is WeaviateWhere => Boolean(part))
    const keys = metadataKeys()
    let query = new GraphQLGetter(client)
      .withClassName(className)
      .withNearVector({ vector })
      .withLimit(limit)
      .withFields(`${[textKey, ...keys].join(' ')} _additional { distance vector id }`)
    if (parts.length)
      query = query.withWhere((parts.length === 1 ? parts[0] : { operator: 'And', operands: parts }) as never)
    const answer = (await guarded(() => query.do())) as { data?: { Get?: Record<string, Record<string, unknown>[]> } }
    const hits = (answer.data?.Get?.[className] ?? []).map((found) => {
      const extra = (found._additional ?? {}) as { vector?: number[]; distance?: number }
      const metadata = Object.fromEntries(keys.filter((key) => found[key] != null).map((key) => [key, found[key]]))
      const stored = extra.vector ?? []
      return {
        document: { pageContent: typeof found[textKey] === 'string' ? (found[textKey] as string) : '', metadata },
        score: stored.length ? cosineSimilarity(vector, stored) : 1 - Number(extra.distance ?? 1),
        vector: stored,
      }
    })
    return hits.filter((hit) => matchesMetadataFilter(hit.document.metadata, filter))
  }

  return {
    label,
    upsert: async (records) => {
      const latest = [...new Map(records.map((record) => [record.id, record])).values()]
      for (const record of latest) checkLength(record.vector, `chunk ${record.id}`)
      if (latest.length === 0) return
      if (!exists) {
        const definition = { class: className, vectorizer: 'none', vectorIndexConfig: { distance: 'cosine' } }
        await guarded(() => new ClassCreator(client).withClass(definition).do()).catch((error: Error) => {
          if (!/already exists/i.test(error.message)) throw error
        })
      }
      for (let at = 0; at < latest.length; at += BATCH) {
        const objects = latest.slice(at, at + BATCH).map(objectOf)
        const answers = (await guarded(() => new ObjectsBatcher(client).withObjects(...objects).do())) as {
          result?: { errors?: { error?: { message?: string }[] } }
        }[]
        const failure = answers.flatMap((answer) => answer.result?.errors?.error ?? [])[0]
        if (failure) throw new Error(`${label}: Weaviate refused an object: ${failure.message ?? 'no reason given'}.`)
      }
      exists = await readSchema()
    },
    delete: async (ids) => {
      if (!exists || ids.length === 0) return
      const where = { path: ['id'], operator: 'ContainsAny', valueTextArray: ids.map(objectIdOf) }
      await guarded(() =>
        new ObjectsBatchDeleter(client)
          .withClassName(className)
          .withWhere(where as never)
          .do(),
      )
    },
    clear: async () => {
      if (!exists) return
      await guarded(() => new ClassDeleter(client).withClassName(className).do())
      exists = false
      types = new Map()
    },
    search: async (vector, k, filter) =>
      (await searchObjects(vector, k, filter)).map(({ document, score }) => ({ document, score })),
    searchWithVectors: (vector, k, filter) => searchObjects(vector, k, filter),
    ids: async () => {
      const ids: string[] = []
      if (!exists) return ids
      const fields = `${types.has(RECORD_ID_KEY) ? RECORD_ID_KEY : ''} _additional { id }`
      for (let after: string | undefined; ;) {
        let query = new GraphQLGetter(client).withClassName(className).withLimit(PAGE).withFields(fields)
        if (after) query = query.withAfter(after)
        const answer = (await guarded(() => query.do())) as {
          data?: { Get?: Record<string, Record<string, unknown>[]> }
        }
        const page = answer.data?.Get?.[className] ?? []
        for (const found of page) ids.push(String(found[RECORD_ID_KEY] ?? (found._additional as { id: string }).id))
        if (page.length < PAGE) return ids
        after = (page[page.length - 1]!._additional as { id: string }).id
      }
    },
    count: async () => {
      if (!exists) return 0
      const answer = (await guarded(() =>
        new Aggregator(client).withClassName(className).withFields('meta { count }').do(),
      )) as {
        data?: { Aggregate?: Record<string, { meta?: { count?: number } }[]> }
      }
      return answer.data?.Aggregate?.[className]?.[0]?.meta?.count ?? 0
    },
    close: async () => undefined,
  }
}
