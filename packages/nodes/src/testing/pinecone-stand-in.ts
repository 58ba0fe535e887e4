import type { LoopbackApi } from './loopback-api.js'
import { startJsonStandIn, StandInError, StandInReply, StandInTable, type StandInRow } from './stand-in-table.js'

/**
 * A stand-in for Pinecone, not Pinecone: one HTTP server on 127.0.0.1 answering both the control
 * plane (`GET /indexes/{name}`, naming itself as the index host) and the data plane of serverless
 * indexes: `POST /vectors/upsert`, `/query` (exact cosine, `filter` with `$eq`, `$in`, `$and`, `$or`
 * and plain values; a list matches when one of its items does, as in Pinecone), `/vectors/delete`
 * (`ids` or `deleteAll`), `GET /vectors/list` (`limit`, `paginationToken`), `POST
 * /describe_index_stats`. Namespaces kept apart. Requests without the `Api-Key` answer 401.
 */
export interface PineconeStandIn extends LoopbackApi {
  /** Makes an index of vectors of this length. */
  createIndex: (name: string, dimension: number) => void
}

type Filter = Record<string, unknown>

const valuesOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value])

function holds(metadata: Record<string, unknown>, filter: Filter): boolean {
  return Object.entries(filter).every(([key, condition]) => {
    if (key === '$and') return (condition as Filter[]).every((part) => holds(metadata, part))
    if (key === '$or') return (condition as Filter[]).some((part) => holds(metadata, part))
    const stored = valuesOf(metadata[key])
    if (typeof condition !== 'object' || condition === null) return stored.includes(condition)
    return Object.entries(condition).every(([operator, wanted]) => {
      if (operator === '$eq') return stored.includes(wanted)
      if (operator === '$in') return stored.some((value) => (wanted as unknown[]).includes(value))
      throw new StandInError(400, `This stand-in does not know the operator ${operator}`)
    })
  })
}

export async function startPineconeStandIn(apiKey: string): Promise<PineconeStandIn> {
  const indexes = new Map<string, { dimension: number; namespaces: Map<string, StandInTable> }>()
  let host = ''
  const index = () => {
    const only = [...indexes.values()][0]
    if (!only) throw new StandInError(404, 'No index')
    return only
  }
  const namespace = (name: unknown) => {
    const { namespaces, dimension } = index()
    const key = typeof name === 'string' ? name : ''
    if (!namespaces.has(key)) namespaces.set(key, new StandInTable(dimension))
    return namespaces.get(key)!
  }

  const api = await startJsonStandIn(
    ({ method, path, query, headers, body }) => {
      if (headers['api-key'] !== apiKey)
        return new StandInReply(401, { error: { code: 'UNAUTHENTICATED', message: 'Invalid API Key' }, status: 401 })
      const route = `${method} ${path}`
      if (method === 'GET' && path.startsWith('/indexes/')) {
        const name = decodeURIComponent(path.slice('/indexes/'.length))
        const found = indexes.get(name)
        if (!found) throw new StandInError(404, `Resource ${name} not found`)
        return {
          name,
          dimension: found.dimension,
          metric: 'cosine',
          host,
          spec: { serverless: { cloud: 'aws', region: 'us-east-1' } },
          status: { ready: true, state: 'Ready' },
          vector_type: 'dense',
          deletion_protection: 'disabled',
        }
      }
      switch (route) {
        case 'POST /vectors/upsert': {
          const vectors = body.vectors as { id: string; values: number[]; metadata?: Record<string, unknown> }[]
          const rows: StandInRow[] = vectors.map((v) => ({ id: v.id, vector: v.values, fields: v.metadata ?? {} }))
          namespace(body.namespace).upsert(rows)
          return { upsertedCount: rows.length }
        }
        case 'POST /query': {
          const filter = body.filter as Filter | undefined
          const hits = namespace(body.namespace).search(body.vector as number[], Number(body.topK), (row) =>
            filter ? holds(row.fields, filter) : true,
          )
          return {
            namespace: body.namespace ?? '',
            matches: hits.map(({ row, score }) => ({
              id: row.id,
              score,
              ...(body.includeValues ? { values: row.vector } : {}),
              ...(body.includeMetadata ? { metadata: row.fields } : {}),
            })),
          }
        }
        case 'POST /vectors/delete': {
          const table = namespace(body.namespace)
          if (body.deleteAll) table.rows.clear()
          else table.delete((body.ids as string[] | undefined) ?? [])
          return {}
        }
        case 'GET /vectors/list': {
          const ids = [...namespace(query.get('namespace') ?? '').rows.keys()].sort()
          const start = Number(query.get('paginationToken') ?? 0)
          const limit = Number(query.get('limit') ?? 100)
          const next = start + limit < ids.length ? String(start + limit) : undefined
          return {
            vectors: ids.slice(start, start + limit).map((id) => ({ id })),
            namespace: query.get('namespace') ?? '',
            ...(next ? { pagination: { next } } : {}),
          }
        }
        case 'POST /describe_index_stats': {
          const { namespaces, dimension } = index()
          const counts = Object.fromEntries(
            [...namespaces].map(([name, table]) => [name, { vectorCount: table.rows.size }]),
          )
          const total = [...namespaces.values()].reduce((sum, table) => sum + table.rows.size, 0)
          return { namespaces: counts, dimension, indexFullness: 0, totalVectorCount: total }
        }
        default:
          throw new StandInError(404, `Not found: ${route}`)
      }
    },
    (error) => ({
      error: { code: error.status === 404 ? 'NOT_FOUND' : 'INVALID_ARGUMENT', message: error.message },
      status: error.status,
    }),
  )
  host = api.url
  return { ...api, createIndex: (name, dimension) => indexes.set(name, { dimension, namespaces: new Map() }) }
}
