import type { LoopbackApi } from './loopback-api.js'
import { startJsonStandIn, StandInError, StandInReply, StandInTable, type StandInRow } from './stand-in-table.js'

/**
 * A stand-in for a Supabase project's REST API (PostgREST), not Supabase: HTTP on 127.0.0.1 with one
 * table shaped as Supabase's vector store guide makes it (`id`, `content`, `metadata` jsonb,
 * `embedding vector(n)`) and its `match_documents(query_embedding, match_count, filter)` function
 * (cosine, `metadata @> filter`, answering `similarity` and the `embedding`). It answers: upsert
 * (`POST /rest/v1/{table}`, ids typed as the table's: bigint or uuid, refused as PostgreSQL does with
 * code 22P02), `DELETE` with `id=in.(…)` or `id=not.is.null`, `GET` with `select`, `offset`, `limit`,
 * and `POST /rest/v1/rpc/match_documents` with `metadata->>key=in.(…)` filters and `limit` applied to
 * the function's rows, as PostgREST does. Metadata text of a number is JavaScript's. Requests
 * without the `apikey` answer 401.
 */
export interface SupabaseStandIn extends LoopbackApi {
  rowIds: () => (string | number)[]
}

export interface SupabaseStandInOptions {
  apiKey: string
  table?: string
  dimensions: number
  idType?: 'bigint' | 'uuid'
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The values of a PostgREST `in.(a,"b,c")` list. */
function inList(text: string): string[] {
  const body = text.replace(/^in\.\(/, '').replace(/\)$/, '')
  return [...body.matchAll(/"([^"]*)"|([^,]+)/g)].map((match) => match[1] ?? match[2]!)
}

function contains(metadata: Record<string, unknown>, filter: Record<string, unknown>): boolean {
  return Object.entries(filter).every(([key, value]) => JSON.stringify(metadata[key]) === JSON.stringify(value))
}

/** `metadata->>key` as PostgreSQL answers it for plain values; undefined for missing and null. */
function textOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}

export async function startSupabaseStandIn(options: SupabaseStandInOptions): Promise<SupabaseStandIn> {
  const tableName = options.table ?? 'documents'
  const table = new StandInTable(options.dimensions)
  const idType = options.idType ?? 'bigint'
  const keep = (query: URLSearchParams) => (row: StandInRow) =>
    [...query.entries()].every(([column, condition]) => {
      const path = /^metadata->>(.+)$/.exec(column)
      if (!path) return true
      const text = textOf((row.fields.metadata as Record<string, unknown>)[path[1]!])
      return condition.startsWith('in.')
        ? text !== undefined && inList(condition).includes(text)
        : text === condition.replace(/^eq\./, '')
    })
  const checkId = (id: unknown) => {
    const fits = idType === 'bigint' ? Number.isSafeInteger(id) || /^\d+$/.test(String(id)) : UUID.test(String(id))
    if (!fits) throw new StandInError(400, `invalid input syntax for type ${idType}: "${String(id)}"`)
    return String(id)
  }

  const api = await startJsonStandIn(
    ({ method, path, query, headers, body }) => {
      if (headers.apikey !== options.apiKey)
        return new StandInReply(401, {
          message: 'Invalid API key',
          hint: 'Double check your Supabase `anon` or `service_role` API key.',
        })
      const rows = body as unknown as Record<string, unknown>[]
      if (method === 'POST' && path === '/rest/v1/rpc/match_documents') {
        const args = body as {
          query_embedding: number[]
          match_count?: number | null
          filter?: Record<string, unknown>
        }
        if (args.query_embedding.length !== options.dimensions) {
          throw new StandInError(
            400,
            `different vector dimensions ${options.dimensions} and ${args.query_embedding.length}`,
          )
        }
        const found = table
          .search(args.query_embedding, args.match_count ?? table.rows.size, (row) =>
            contains(row.fields.metadata as Record<string, unknown>, args.filter ?? {}),
          )
          .filter(({ row }) => keep(query)(row))
          .slice(0, Number(query.get('limit') ?? Infinity))
        return found.map(({ row, score }) => ({
          ...row.fields,
          embedding: JSON.stringify(row.vector),
          similarity: score,
        }))
      }
      if (path !== `/rest/v1/${tableName}`)
        throw new StandInError(404, `relation "public.${path.split('/').pop()}" does not exist`)
      switch (method) {
        case 'POST': {
          const written = rows.map((row) => {
            const id = checkId(row.id)
            const vector = row.embedding as number[]
            if (vector.length !== options.dimensions)
              throw new StandInError(400, `expected ${options.dimensions} dimensions, not ${vector.length}`)
            return { id, vector, fields: { id: row.id, content: row.content, metadata: row.metadata ?? {} } }
          })
          table.upsert(written)
          return new StandInReply(
            201,
            String(headers.prefer).includes('return=representation') ? written.map((row) => row.fields) : [],
          )
        }
        case 'DELETE': {
          const condition = query.get('id') ?? ''
          if (condition === 'not.is.null') table.rows.clear()
          else if (condition.startsWith('in.')) table.delete(inList(condition))
          else throw new StandInError(400, 'DELETE requires a WHERE clause')
          return new StandInReply(204, null)
        }
        case 'GET': {
          const offset = Number(query.get('offset') ?? 0)
          const page = [...table.rows.values()].slice(offset, offset + Number(query.get('limit') ?? 1000))
          const columns = (query.get('select') ?? '*').split(',')
          return page.map((row) =>
            columns.includes('*')
              ? row.fields
              : Object.fromEntries(columns.map((column) => [column, row.fields[column]])),
          )
        }
        default:
          throw new StandInError(405, 'Method not allowed')
      }
    },
    (error) => ({
      code: error.message.startsWith('invalid input syntax') ? '22P02' : 'PGRST000',
      message: error.message,
      details: null,
      hint: null,
    }),
  )
  return { ...api, rowIds: () => [...table.rows.values()].map((row) => row.fields.id as string | number) }
}
