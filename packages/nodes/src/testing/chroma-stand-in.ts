import { randomUUID } from 'node:crypto'
import type { LoopbackApi } from './loopback-api.js'
import { startJsonStandIn, StandInError, StandInTable, type StandInRow } from './stand-in-table.js'

/**
 * A stand-in for a Chroma server, not Chroma: HTTP on 127.0.0.1 answering the part of Chroma's v2
 * API the chromadb SDK calls for Weft's Chroma store: `GET /api/v2/auth/identity`, pre-flight checks
 * (embeddings sent as base64 float32s, as Chroma allows), collections
 * made or got by name (`POST …/collections` with `get_or_create`), deleted by name, and per
 * collection id `upsert`, `query` (exact cosine; distances are 1 − cosine), `get` (`ids`, `limit`,
 * `offset`), `delete` (`ids`), `count`. `where` with `$eq`, `$in`, `$and`, `$or` and plain values,
 * typed as Chroma's (2 is not "2"). With `apiKey`, requests without that `x-chroma-token` answer 401.
 */
export interface ChromaStandIn extends LoopbackApi {
  collectionNames: () => string[]
}

type Where = Record<string, unknown>

function holds(metadata: Record<string, unknown>, where: Where): boolean {
  return Object.entries(where).every(([key, condition]) => {
    if (key === '$and') return (condition as Where[]).every((part) => holds(metadata, part))
    if (key === '$or') return (condition as Where[]).some((part) => holds(metadata, part))
    const value = metadata[key]
    if (typeof condition !== 'object' || condition === null) return value === condition
    return Object.entries(condition).every(([operator, wanted]) => {
      if (operator === '$eq') return value === wanted
      if (operator === '$in') return (wanted as unknown[]).includes(value)
      throw new StandInError(400, `This stand-in does not know the operator ${operator}`)
    })
  })
}

/** An embedding as sent: a list of numbers, or base64 of little-endian float32s (pre-flight says so). */
function unpack(embedding: number[] | string): number[] {
  if (Array.isArray(embedding)) return embedding
  const bytes = Buffer.from(embedding, 'base64')
  return Array.from({ length: bytes.length / 4 }, (_, at) => bytes.readFloatLE(at * 4))
}

interface Collection {
  id: string
  name: string
  table: StandInTable
}

export async function startChromaStandIn(options: { apiKey?: string } = {}): Promise<ChromaStandIn> {
  const byName = new Map<string, Collection>()
  const model = (collection: Collection) => ({
    id: collection.id,
    name: collection.name,
    tenant: 'default_tenant',
    database: 'default_database',
    configuration_json: {},
    metadata: null,
    dimension: null,
    log_position: 0,
    version: 0,
  })
  const api = await startJsonStandIn(({ method, path, headers, body }) => {
    if (options.apiKey !== undefined && headers['x-chroma-token'] !== options.apiKey) {
      throw new StandInError(401, 'Unauthorized')
    }
    if (path === '/api/v2/pre-flight-checks') return { max_batch_size: 1000, supports_base64_encoding: true }
    if (path === '/api/v2/auth/identity')
      return { user_id: '', tenant: 'default_tenant', databases: ['default_database'] }
    const match = /^\/api\/v2\/tenants\/([^/]+)\/databases\/([^/]+)\/collections(?:\/([^/]+))?(?:\/([a-z_]+))?$/.exec(
      path,
    )
    if (!match) throw new StandInError(404, `Not found: ${path}`)
    const [, , , named, action] = match
    if (!named && method === 'POST') {
      const name = String(body.name)
      if (!byName.has(name)) byName.set(name, { id: randomUUID(), name, table: new StandInTable() })
      else if (!body.get_or_create) throw new StandInError(409, `Collection [${name}] already exists`)
      return model(byName.get(name)!)
    }
    const key = decodeURIComponent(named ?? '')
    if (!action && method === 'DELETE') {
      if (!byName.delete(key)) throw new StandInError(404, `Collection [${key}] does not exist`)
      return {}
    }
    const collection = [...byName.values()].find((found) => found.id === key || (!action && found.name === key))
    if (!collection) throw new StandInError(404, `Collection [${key}] does not exist`)
    const { table } = collection
    const include = (body.include as string[] | undefined) ?? []
    const pick = (rows: StandInRow[], field: string, read: (row: StandInRow) => unknown) =>
      include.includes(field) ? rows.map(read) : null
    switch (`${method} ${action ?? ''}`) {
      case 'GET ':
        return model(collection)
      case 'GET count':
        return table.rows.size
      case 'POST upsert': {
        const ids = body.ids as string[]
        const embeddings = (body.embeddings as (number[] | string)[]).map(unpack)
        const metadatas = (body.metadatas as (Record<string, unknown> | null)[] | undefined) ?? []
        const documents = (body.documents as (string | null)[] | undefined) ?? []
        const dimension = table.rows.values().next().value?.vector.length ?? embeddings[0]?.length
        if (embeddings.some((vector) => vector.length !== dimension)) {
          throw new StandInError(400, `Collection expecting embedding with dimension of ${dimension}`)
        }
        table.upsert(
          ids.map((id, at) => ({
            id,
            vector: embeddings[at]!,
            fields: { metadata: metadatas[at] ?? null, document: documents[at] ?? null },
          })),
        )
        return {}
      }
      case 'POST delete':
        table.delete((body.ids as string[] | undefined) ?? [])
        return {}
      case 'POST get': {
        const ids = body.ids as string[] | undefined
        const offset = Number(body.offset ?? 0)
        const rows = [...table.rows.values()].filter((row) => !ids || ids.includes(row.id))
        const page = body.limit == null ? rows.slice(offset) : rows.slice(offset, offset + Number(body.limit))
        return {
          ids: page.map((row) => row.id),
          documents: pick(page, 'documents', (row) => row.fields.document),
          metadatas: pick(page, 'metadatas', (row) => row.fields.metadata),
          embeddings: pick(page, 'embeddings', (row) => row.vector),
          include,
        }
      }
      case 'POST query': {
        const where = body.where as Where | undefined
        const results = (body.query_embeddings as number[][]).map((vector) =>
          table.search(vector, Number(body.n_results), (row) =>
            where ? holds((row.fields.metadata as Record<string, unknown> | null) ?? {}, where) : true,
          ),
        )
        const column = (field: string, read: (row: StandInRow, score: number) => unknown) =>
          include.includes(field) ? results.map((hits) => hits.map(({ row, score }) => read(row, score))) : null
        return {
          ids: results.map((hits) => hits.map(({ row }) => row.id)),
          distances: column('distances', (_, score) => 1 - score),
          documents: column('documents', (row) => row.fields.document),
          metadatas: column('metadatas', (row) => row.fields.metadata),
          embeddings: column('embeddings', (row) => row.vector),
          include,
        }
      }
      default:
        throw new StandInError(404, `Not found: ${method} ${path}`)
    }
  })
  return { ...api, collectionNames: () => [...byName.keys()] }
}
