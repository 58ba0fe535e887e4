import { createClient } from '@supabase/supabase-js'
import { matchesMetadataFilter, type MetadataFilter } from '@weft/core'
import type { VectorRecord } from '../documents/vector-collection.js'
import type { OutboundFetch } from '../net/outbound-guard.js'
import { OutboundRequestRefused } from '../net/outbound-refused.error.js'
import type { SearchableCollection, VectorHit } from './collection-store.js'
import { filterSpellings } from './filter-spellings.js'
import { metadataJson, withoutNul } from './pgvector-sql.js'
import { rowIdOf, type RowIdKind } from './row-ids.js'
import { asStoreError } from './store-errors.js'

// A table of a Supabase project as Supabase's vector store guide (and Flowise) lays it out: `id`,
// `content`, `metadata` jsonb and `embedding`, searched by a match function such as
// `match_documents(query_embedding, match_count, filter)`. Everything through supabase-js with the
// outbound guard's fetch. Row ids are made from record ids, as bigints or UUIDs as the table's `id`
// takes them, and the record id is kept in the metadata under RECORD_ID_KEY (left out when read).

export interface SupabaseOptions {
  url: string
  apiKey: string
  tableName: string
  queryName: string
  dimensions: number
  fetch: OutboundFetch
}

export const RECORD_ID_KEY = 'weft_id'
const BATCH = 500
const PAGE = 1000
/** Rows a filtered search reads at most when a filter key cannot be asked of PostgREST. */
const MAX_FILTERED = 10_000
const PLAIN_KEY = /^[A-Za-z0-9_]+$/

export { rowIdOf }

/** The texts `metadata->>key` may have for a value matchesMetadataFilter takes (PostgreSQL writes 1e21 out). */
export function metadataTexts(wanted: string | number | boolean): string[] {
  const texts = filterSpellings(wanted).map((value) =>
    typeof value === 'number'
      ? value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })
      : String(value),
  )
  return [...new Set([String(wanted), ...texts])]
}

interface FoundRow {
  id?: string | number
  content?: string
  metadata?: Record<string, unknown> | null
  embedding?: number[] | string | null
  similarity?: number
}

/** A supabase-js query: awaited for its answer, told not to retry. */
interface SupabaseQuery<T> {
  retry: (enabled: boolean) => PromiseLike<{ data: T | null; error: { message: string } | null; status: number }>
}

type RealtimeTransport = NonNullable<
  NonNullable<NonNullable<Parameters<typeof createClient>[2]>['realtime']>['transport']
>

/** supabase-js makes a Realtime client with every client; Weft never subscribes, so it never opens a socket. */
class NoRealtime {
  constructor() {
    throw new Error('Weft does not use Supabase Realtime.')
  }
}

export async function openSupabaseCollection(options: SupabaseOptions): Promise<SearchableCollection> {
  const { apiKey, tableName, queryName, dimensions } = options
  const base = new URL(options.url)
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new Error(`The Supabase Project URL must start with http:// or https://, not ${base.protocol}`)
  }
  const label = `Supabase (table ${tableName})`
  let refusal: OutboundRequestRefused | undefined
  const guardedFetch: OutboundFetch = async (input, init) => {
    try {
      return await options.fetch(input, init)
    } catch (error) {
      if (error instanceof OutboundRequestRefused) refusal = error
      throw error
    }
  }
  const client = createClient(base.href.replace(/\/+$/, ''), apiKey, {
    global: { fetch: guardedFetch },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime as unknown as RealtimeTransport },
  })
  /**
   * Runs a query (once: supabase-js would retry a refused address), throwing its error in the node's
   * words, never with the key; a refusal by the outbound guard is thrown as it is.
   */
  const run = <T>(query: SupabaseQuery<T>) =>
    asStoreError(label, [apiKey], async () => {
      refusal = undefined
      const { data, error, status } = await query.retry(false)
      if (refusal) throw refusal
      if (error) {
        const hint = status === 401 || status === 403 ? ' Check the Supabase API credential.' : ''
        throw new Error(`Supabase answered ${status}: ${error.message}.${hint}`)
      }
      return data as T
    })

  const [sample] = await run<FoundRow[]>(client.from(tableName).select('id').limit(1))
  let idKind: RowIdKind = typeof sample?.id === 'string' ? 'uuid' : 'bigint'

  const checkLength = (vector: number[], what: string) => {
    if (vector.length !== dimensions) {
      throw new Error(`${label} is searched with vectors of ${dimensions} numbers, but ${what} has ${vector.length}.`)
    }
  }
  const rowOf = (record: VectorRecord) => ({
    id: rowIdOf(record.id, idKind),
    content: withoutNul(record.document.pageContent),
    metadata: JSON.parse(metadataJson({ ...record.document.metadata, [RECORD_ID_KEY]: record.id })) as Record<
      string,
      unknown
    >,
    embedding: record.vector,
  })
  const upsertRows = (records: VectorRecord[]) => run(client.from(tableName).upsert(records.map(rowOf)))

  const searchRows = async (vector: number[], k: number, filter: MetadataFilter | undefined): Promise<VectorHit[]> => {
    checkLength(vector, 'the query vector')
    const count = Math.floor(k)
    if (count < 1) return []
    const entries = Object.entries(filter ?? {})
    let query = client.rpc(queryName, {
      query_embedding: vector,
      match_count: entries.length ? null : count,
      filter: {},
    })
    const asked = entries.filter(([key]) => PLAIN_KEY.test(key))
    for (const [key, wanted] of asked) query = query.in(`metadata->>${key}`, metadataTexts(wanted))
    if (entries.length) query = query.limit(asked.length === entries.length ? count : MAX_FILTERED)
    const rows = await run<FoundRow[]>(query)
    const hits = rows.map((row) => {
      const { [RECORD_ID_KEY]: _id, ...metadata } = row.metadata ?? {}
      const stored = typeof row.embedding === 'string' ? (JSON.parse(row.embedding) as number[]) : (row.embedding ?? [])
      return { document: { pageContent: row.content ?? '', metadata }, score: row.similarity ?? 0, vector: stored }
    })
    return hits.filter((hit) => matchesMetadataFilter(hit.document.metadata, filter)).slice(0, count)
  }

  const rows = async () => {
    const found: FoundRow[] = []
    for (let from = 0; ; from += PAGE) {
      const page = await run<FoundRow[]>(
        client
          .from(tableName)
          .select('id,metadata')
          .range(from, from + PAGE - 1),
      )
      found.push(...page)
      if (page.length < PAGE) return found
    }
  }

  return {
    label,
    upsert: async (records) => {
      const latest = [...new Map(records.map((record) => [record.id, record])).values()]
      for (const record of latest) checkLength(record.vector, `chunk ${record.id}`)
      for (let at = 0; at < latest.length; at += BATCH) {
        const batch = latest.slice(at, at + BATCH)
        try {
          await upsertRows(batch)
        } catch (error) {
          // 22P02: the table's id is the other kind (the first write to an empty table finds out).
          if (!/invalid input syntax for type (uuid|bigint)/.test((error as Error).message)) throw error
          idKind = idKind === 'bigint' ? 'uuid' : 'bigint'
          await upsertRows(batch)
        }
      }
    },
    delete: async (ids) => {
      for (let at = 0; at < ids.length; at += BATCH) {
        const batch = ids.slice(at, at + BATCH).map((id) => rowIdOf(id, idKind))
        await run(client.from(tableName).delete().in('id', batch))
      }
    },
    clear: async () => {
      await run(client.from(tableName).delete().not('id', 'is', null))
    },
    search: async (vector, k, filter) =>
      (await searchRows(vector, k, filter)).map(({ document, score }) => ({ document, score })),
    searchWithVectors: (vector, k, filter) => searchRows(vector, k, filter),
    ids: async () => (await rows()).map((row) => String(row.metadata?.[RECORD_ID_KEY] ?? row.id)),
    count: async () => (await rows()).length,
    close: async () => undefined,
  }
}
