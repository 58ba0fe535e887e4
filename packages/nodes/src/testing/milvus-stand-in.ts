import type { LoopbackApi } from './loopback-api.js'
import { startJsonStandIn, StandInError, StandInReply, StandInTable, type StandInRow } from './stand-in-table.js'

/**
 * A stand-in for Milvus's REST API v2, not Milvus: HTTP on 127.0.0.1 answering, as Milvus does, HTTP
 * 200 with `{ code, message, data }`: `collections/has`, `describe`, `create` (a schema with a primary
 * field, a FloatVector field with `dim`, and a dynamic field), `drop`, `get_load_state`, `load`;
 * `entities/upsert`, `search` (exact cosine; `distance` is the cosine similarity, as with COSINE),
 * `query` (`count(*)` too) and `delete`. Filters are expressions of `==` and `in [...]` on fields
 * or `$meta["key"]`, joined by `and`, `or` and parentheses. As Milvus does: only POST, with a JSON
 * body; with `token`, a request without that bearer token answers HTTP 401 with code 1800; a query
 * without a filter needs a `limit` (code 1100), and a `count(*)` query ignores its limit.
 */
export interface MilvusStandIn extends LoopbackApi {
  collections: () => string[]
}

interface Collection {
  fields: Record<string, unknown>[]
  primary: string
  vector: string
  table: StandInTable
}

type Scalar = string | number | boolean

/** Evaluates a filter expression on an entity (its fields, and the dynamic ones under `$meta`). */
export function holds(expression: string, entity: Record<string, unknown>): boolean {
  const tokens =
    expression.match(/"(?:[^"\\]|\\.)*"|\$meta\[\s*"(?:[^"\\]|\\.)*"\s*\]|==|[()[\],]|[^\s()[\],=]+/g) ?? []
  let at = 0
  const next = () => tokens[at++]
  const literal = (token: string | undefined): Scalar => {
    if (token === undefined) throw new StandInError(400, 'expression ends early')
    if (token.startsWith('"')) return JSON.parse(token) as string
    if (token === 'true' || token === 'false') return token === 'true'
    const number = Number(token)
    if (Number.isNaN(number)) throw new StandInError(400, `cannot parse expression: ${expression}`)
    return number
  }
  const valueOf = (path: string): unknown => {
    const dynamic = /^\$meta\[\s*("(?:[^"\\]|\\.)*")\s*\]$/.exec(path)
    return dynamic ? entity[JSON.parse(dynamic[1]!) as string] : entity[path]
  }
  const term = (): boolean => {
    if (tokens[at] === '(') {
      next()
      const inner = or()
      next()
      return inner
    }
    const value = valueOf(next()!)
    const operator = next()
    if (operator === '==') return value === literal(next())
    if (operator === 'in') {
      next()
      const listed: Scalar[] = []
      while (tokens[at] !== ']') {
        listed.push(literal(next()))
        if (tokens[at] === ',') next()
      }
      next()
      return listed.includes(value as Scalar)
    }
    throw new StandInError(400, `This stand-in does not know the operator ${operator}`)
  }
  const and = (): boolean => {
    let result = term()
    while (tokens[at] === 'and') {
      next()
      result = term() && result
    }
    return result
  }
  const or = (): boolean => {
    let result = and()
    while (tokens[at] === 'or') {
      next()
      result = and() || result
    }
    return result
  }
  return or()
}

export async function startMilvusStandIn(options: { token?: string } = {}): Promise<MilvusStandIn> {
  const collections = new Map<string, Collection>()
  const api = await startJsonStandIn(({ method, path, headers, body }) => {
    const fail = (code: number, message: string) => ({ code, message, data: {} })
    if (options.token !== undefined && headers.authorization !== `Bearer ${options.token}`)
      return new StandInReply(401, { code: 1800, message: "user hasn't authenticated" })
    if (method !== 'POST') throw new StandInError(404, `${method} ${path}: 404 page not found`)
    const name = String(body.collectionName)
    const found = collections.get(name)
    const route = path.replace('/v2/vectordb/', '')
    if (route === 'collections/has') return { code: 0, data: { has: Boolean(found) } }
    if (route === 'collections/create') {
      const schema = body.schema as {
        fields: { fieldName: string; dataType: string; isPrimary?: boolean; elementTypeParams?: { dim?: number } }[]
      }
      const vector = schema.fields.find((field) => field.dataType === 'FloatVector')!
      collections.set(name, {
        fields: schema.fields.map((field) => ({
          name: field.fieldName,
          type: field.dataType,
          primaryKey: Boolean(field.isPrimary),
          autoId: false,
          params: field.elementTypeParams?.dim ? [{ key: 'dim', value: String(field.elementTypeParams.dim) }] : [],
        })),
        primary: schema.fields.find((field) => field.isPrimary)!.fieldName,
        vector: vector.fieldName,
        table: new StandInTable(vector.elementTypeParams?.dim),
      })
      return { code: 0, data: {} }
    }
    if (!found) return fail(100, `collection not found[collection=${name}]`)
    const entityOf = (row: StandInRow) => ({ ...row.fields, [found.vector]: row.vector })
    const keep = (filter: unknown) => (row: StandInRow) => (filter ? holds(String(filter), entityOf(row)) : true)
    switch (route) {
      case 'collections/describe':
        return {
          code: 0,
          data: {
            collectionName: name,
            fields: found.fields,
            indexes: [],
            load: 'LoadStateLoaded',
            enableDynamicField: true,
          },
        }
      case 'collections/drop':
        collections.delete(name)
        return { code: 0, data: {} }
      case 'collections/get_load_state':
        return { code: 0, data: { loadState: 'LoadStateLoaded', loadProgress: 100 } }
      case 'collections/load':
        return { code: 0, data: {} }
      case 'entities/upsert': {
        const data = body.data as Record<string, unknown>[]
        found.table.upsert(
          data.map(({ [found.vector]: vector, ...fields }) => ({
            id: String(fields[found.primary]),
            vector: vector as number[],
            fields,
          })),
        )
        return { code: 0, data: { upsertCount: data.length, upsertIds: data.map((row) => row[found.primary]) } }
      }
      case 'entities/delete': {
        const gone = [...found.table.rows.values()].filter(keep(body.filter)).map((row) => row.id)
        found.table.delete(gone)
        return { code: 0, data: {} }
      }
      case 'entities/search': {
        const [vector] = body.data as number[][]
        const hits = found.table.search(vector!, Number(body.limit), keep(body.filter))
        return {
          code: 0,
          data: hits.map(({ row, score }) => ({ ...entityOf(row), distance: score })),
          topks: [hits.length],
        }
      }
      case 'entities/query': {
        const rows = [...found.table.rows.values()].filter(keep(body.filter))
        const fields = body.outputFields as string[]
        if (fields.includes('count(*)')) return { code: 0, data: [{ 'count(*)': rows.length }] }
        if (!body.filter && !(Number(body.limit) > 0)) return fail(1100, 'empty expression should be used with limit')
        return {
          code: 0,
          data: rows
            .slice(0, Number(body.limit))
            .map((row) => Object.fromEntries(fields.map((field) => [field, row.fields[field]]))),
        }
      }
      default:
        throw new StandInError(404, `Not found: ${path}`)
    }
  })
  return { ...api, collections: () => [...collections.keys()] }
}
