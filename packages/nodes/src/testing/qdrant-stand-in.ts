import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readBody, sendJson } from './mock-http.js'

/**
 * A stand-in for a Qdrant server, not Qdrant: real HTTP on 127.0.0.1 and collections in memory,
 * answering the part of Qdrant's REST API that Weft's Qdrant store uses, with Qdrant's shapes
 * (`{ result, status: "ok" }`, errors as `{ status: { error } }`):
 * - `PUT /collections/{name}` (`{ vectors: { size, distance: "Cosine" } }`), `GET`, `DELETE`;
 * - `PUT /collections/{name}/points` (upsert; ids UUIDs or unsigned integers; every vector checked
 *   before any is written), `POST …/points/delete` (`{ points }`), `…/points/search` (cosine, with
 *   `filter`, `with_payload`, `with_vector`), `…/points/scroll` (by id, `offset`, `limit`),
 *   `…/points/count`.
 * Filters: `must`, `should`, `must_not`, nested filters, `match.value` typed as Qdrant's (a text
 * matches texts, an integer integers, a boolean booleans; any item of a list), `range`. Keys are
 * paths like `metadata.source` or `metadata."a.b"`. With `apiKey`, requests without that `api-key`
 * header answer 401. Every request is recorded in `requests`.
 */
export interface QdrantStandIn {
  url: string
  requests: { method: string; path: string; apiKey?: string }[]
  close: () => Promise<void>
}

interface Point {
  id: string | number
  vector: number[]
  payload: Record<string, unknown>
}

interface Collection {
  size: number
  points: Map<string, Point>
}

type Condition = Record<string, unknown>

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i

class BadRequest extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message)
  }
}

function pointId(id: unknown): string | number {
  if (typeof id === 'number' && Number.isSafeInteger(id) && id >= 0) return id
  if (typeof id === 'string' && UUID.test(id)) {
    const hex = id.replaceAll('-', '').toLowerCase()
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
  }
  throw new BadRequest(`Format error in JSON body: value ${JSON.stringify(id)} is not a valid point ID`)
}

/** `metadata.source` → ['metadata', 'source']; `metadata."a.b"` → ['metadata', 'a.b']. */
function pathParts(key: string): string[] {
  const parts: string[] = []
  let rest = key
  for (;;) {
    const match = /^(?:"([^"]*)"|([^."]+))/.exec(rest)
    if (!match) throw new BadRequest(`Wrong input: bad key ${key}`)
    parts.push(match[1] ?? match[2]!)
    rest = rest.slice(match[0].length)
    if (rest === '') return parts
    if (!rest.startsWith('.')) throw new BadRequest(`Wrong input: bad key ${key}`)
    rest = rest.slice(1)
  }
}

function valuesAt(payload: Record<string, unknown>, key: string): unknown[] {
  let value: unknown = payload
  for (const part of pathParts(key)) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return []
    value = (value as Record<string, unknown>)[part]
  }
  if (value === undefined) return []
  return Array.isArray(value) ? value : [value]
}

function conditionHolds(payload: Record<string, unknown>, condition: Condition): boolean {
  if ('must' in condition || 'should' in condition || 'must_not' in condition) return filterHolds(payload, condition)
  const key = String(condition.key)
  const values = valuesAt(payload, key)
  if (condition.match) {
    const wanted = (condition.match as { value: unknown }).value
    return values.some((value) => {
      if (typeof wanted === 'number') return typeof value === 'number' && Number.isInteger(value) && value === wanted
      return typeof value === typeof wanted && value === wanted
    })
  }
  if (condition.range) {
    const { gt, gte, lt, lte } = condition.range as Record<string, number | undefined>
    return values.some(
      (value) =>
        typeof value === 'number' &&
        (gt === undefined || value > gt) &&
        (gte === undefined || value >= gte) &&
        (lt === undefined || value < lt) &&
        (lte === undefined || value <= lte),
    )
  }
  throw new BadRequest(`Unsupported condition ${JSON.stringify(condition)}`)
}

function filterHolds(payload: Record<string, unknown>, filter: Condition | undefined): boolean {
  if (!filter) return true
  const list = (name: string) => (filter[name] as Condition[] | undefined) ?? []
  const should = list('should')
  return (
    list('must').every((condition) => conditionHolds(payload, condition)) &&
    (should.length === 0 || should.some((condition) => conditionHolds(payload, condition))) &&
    !list('must_not').some((condition) => conditionHolds(payload, condition))
  )
}

function normalized(vector: number[]): number[] {
  const length = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0))
  return length === 0 ? vector : vector.map((value) => value / length)
}

const dot = (a: number[], b: number[]) => a.reduce((sum, value, i) => sum + value * b[i]!, 0)

function selectPayload(payload: Record<string, unknown>, selector: unknown): Record<string, unknown> | null {
  if (selector === false || selector === undefined) return null
  if (Array.isArray(selector))
    return Object.fromEntries(selector.filter((key) => key in payload).map((key) => [key, payload[key]]))
  return payload
}

const compareIds = (a: Point, b: Point) => String(a.id).localeCompare(String(b.id), 'en', { numeric: true })

export async function startQdrantStandIn(options: { apiKey?: string } = {}): Promise<QdrantStandIn> {
  const collections = new Map<string, Collection>()
  const requests: QdrantStandIn['requests'] = []

  const collectionOf = (name: string) => {
    const collection = collections.get(name)
    if (!collection) throw new BadRequest(`Not found: Collection \`${name}\` doesn't exist!`, 404)
    return collection
  }

  const handle = (method: string, parts: string[], body: Record<string, unknown>): unknown => {
    if (parts[0] !== 'collections' || !parts[1]) throw new BadRequest('Not found', 404)
    const name = parts[1]
    const route = `${method} ${parts.slice(2).join('/')}`
    switch (route) {
      case 'PUT ': {
        if (collections.has(name)) throw new BadRequest(`Wrong input: Collection \`${name}\` already exists!`, 409)
        const vectors = body.vectors as { size?: unknown; distance?: unknown } | undefined
        if (typeof vectors?.size !== 'number' || vectors.distance !== 'Cosine') {
          throw new BadRequest('This stand-in makes collections of one unnamed vector with Cosine distance only')
        }
        collections.set(name, { size: vectors.size, points: new Map() })
        return true
      }
      case 'GET ': {
        const collection = collectionOf(name)
        return {
          status: 'green',
          points_count: collection.points.size,
          config: { params: { vectors: { size: collection.size, distance: 'Cosine' } } },
        }
      }
      case 'DELETE ':
        return collections.delete(name)
      case 'PUT points': {
        const collection = collectionOf(name)
        const points = ((body.points as Point[] | undefined) ?? []).map((point) => {
          if (!Array.isArray(point.vector) || point.vector.length !== collection.size) {
            throw new BadRequest(
              `Wrong input: Vector dimension error: expected dim: ${collection.size}, got ${point.vector?.length ?? 0}`,
            )
          }
          return { id: pointId(point.id), vector: normalized(point.vector), payload: point.payload ?? {} }
        })
        for (const point of points) collection.points.set(String(point.id), point)
        return { operation_id: 0, status: 'completed' }
      }
      case 'POST points/delete': {
        const collection = collectionOf(name)
        for (const id of (body.points as unknown[] | undefined) ?? []) collection.points.delete(String(pointId(id)))
        return { operation_id: 0, status: 'completed' }
      }
      case 'POST points/search': {
        const collection = collectionOf(name)
        const vector = body.vector as number[]
        if (vector.length !== collection.size) {
          throw new BadRequest(
            `Wrong input: Vector dimension error: expected dim: ${collection.size}, got ${vector.length}`,
          )
        }
        const query = normalized(vector)
        return [...collection.points.values()]
          .filter((point) => filterHolds(point.payload, body.filter as Condition | undefined))
          .map((point) => ({ point, score: dot(query, point.vector) }))
          .sort((a, b) => b.score - a.score || compareIds(a.point, b.point))
          .slice(0, Number(body.limit))
          .map(({ point, score }) => ({
            id: point.id,
            version: 0,
            score,
            payload: selectPayload(point.payload, body.with_payload),
            vector: body.with_vector ? point.vector : null,
          }))
      }
      case 'POST points/scroll': {
        const collection = collectionOf(name)
        const limit = Number(body.limit ?? 10)
        const sorted = [...collection.points.values()]
          .filter((point) => filterHolds(point.payload, body.filter as Condition | undefined))
          .sort(compareIds)
        const start = body.offset == null ? 0 : sorted.findIndex((point) => point.id === pointId(body.offset))
        const page = sorted.slice(Math.max(start, 0), Math.max(start, 0) + limit)
        const next = sorted[Math.max(start, 0) + limit]
        return {
          points: page.map((point) => ({
            id: point.id,
            payload: selectPayload(point.payload, body.with_payload ?? true),
            vector: body.with_vector ? point.vector : null,
          })),
          next_page_offset: next ? next.id : null,
        }
      }
      case 'POST points/count': {
        const collection = collectionOf(name)
        const filter = body.filter as Condition | undefined
        return { count: [...collection.points.values()].filter((point) => filterHolds(point.payload, filter)).length }
      }
      default:
        throw new BadRequest('Not found', 404)
    }
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in')
      const apiKey = req.headers['api-key']
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        ...(typeof apiKey === 'string' ? { apiKey } : {}),
      })
      try {
        if (options.apiKey !== undefined && apiKey !== options.apiKey)
          throw new BadRequest('Must provide an API key or an Authorization bearer token', 401)
        const text = await readBody(req)
        const body = text ? (JSON.parse(text) as Record<string, unknown>) : {}
        const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent)
        sendJson(res, 200, { result: handle(req.method ?? 'GET', parts, body), status: 'ok', time: 0 })
      } catch (error) {
        const status = error instanceof BadRequest ? error.status : 500
        sendJson(res, status, { status: { error: (error as Error).message }, time: 0 })
      }
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
