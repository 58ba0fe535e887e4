import type { LoopbackApi } from './loopback-api.js'
import { startJsonStandIn, StandInError, StandInReply, StandInTable, type StandInRow } from './stand-in-table.js'

/**
 * A stand-in for Weaviate's REST and GraphQL API, not Weaviate: HTTP on 127.0.0.1 answering the
 * requests weaviate-ts-client's builders make: `GET/POST/DELETE /v1/schema`, `POST /v1/batch/objects`
 * (properties added to the class as they come, typed as auto-schema types them: text, number,
 * boolean, text[]; a value of another type refused per object), `DELETE /v1/batch/objects` (`id`
 * ContainsAny), and `POST /v1/graphql` with `Get` (nearVector by exact cosine, `where` with Equal
 * and And, `limit`, `after`; fields and `_additional { distance vector id }`) and `Aggregate`
 * (`meta { count }`). With `apiKey`, requests without that bearer token answer 401.
 */
export interface WeaviateStandIn extends LoopbackApi {
  classNames: () => string[]
}

interface WeaviateClass {
  properties: Map<string, string>
  table: StandInTable
}

const typeOf = (value: unknown): string =>
  Array.isArray(value)
    ? 'text[]'
    : typeof value === 'number'
      ? 'number'
      : typeof value === 'boolean'
        ? 'boolean'
        : 'text'

/** GraphQL arguments (`limit:4,where:{operator:Equal,path:["a"]}`) as JSON: names quoted, enums as texts. */
export function graphqlArgsToJson(args: string): unknown {
  const tokens =
    args.match(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|[A-Za-z_][A-Za-z0-9_]*|[{}[\]:,]/g) ?? []
  const json = tokens.map((token, at) => {
    if (!/^[A-Za-z_]/.test(token)) return token
    if (tokens[at + 1] === ':') return JSON.stringify(token)
    return ['true', 'false', 'null'].includes(token) ? token : JSON.stringify(token)
  })
  return JSON.parse(`{${json.join('')}}`)
}

/** `{Get{Class(args){fields}}}` → its parts; args may be missing. */
function parseQuery(query: string) {
  const head = /^\s*\{\s*(Get|Aggregate)\s*\{\s*(\w+)\s*/.exec(query)
  if (!head) throw new StandInError(422, `This stand-in cannot read the query ${query.slice(0, 80)}`)
  let at = head[0].length
  let args = ''
  if (query[at] === '(') {
    let depth = 0
    const start = at + 1
    for (let inString = false; at < query.length; at++) {
      const char = query[at]
      if (char === '"' && query[at - 1] !== '\\') inString = !inString
      if (inString) continue
      if (char === '(') depth++
      if (char === ')' && --depth === 0) break
    }
    args = query.slice(start, at)
    at++
  }
  const fields = query
    .slice(at)
    .replace(/\}\s*\}\s*\}\s*$/, '')
    .replace(/^\s*\{/, '')
  return { kind: head[1]!, className: head[2]!, args: graphqlArgsToJson(args) as Record<string, unknown>, fields }
}

function whereHolds(properties: Record<string, unknown>, id: string, where: Record<string, unknown>): boolean {
  if (where.operator === 'And')
    return (where.operands as Record<string, unknown>[]).every((part) => whereHolds(properties, id, part))
  if (where.operator === 'Or')
    return (where.operands as Record<string, unknown>[]).some((part) => whereHolds(properties, id, part))
  const [name] = where.path as string[]
  const stored = name === 'id' ? id : properties[name!]
  const values = Array.isArray(stored) ? stored : [stored]
  const wantedKey = Object.keys(where).find((key) => key.startsWith('value'))!
  const wanted = where[wantedKey]
  if (where.operator === 'Equal') return values.includes(wanted)
  if (where.operator === 'ContainsAny') return (wanted as unknown[]).some((item) => values.includes(item))
  throw new StandInError(422, `This stand-in does not know the operator ${String(where.operator)}`)
}

export async function startWeaviateStandIn(options: { apiKey?: string } = {}): Promise<WeaviateStandIn> {
  const classes = new Map<string, WeaviateClass>()
  const ensure = (name: string) => {
    if (!classes.has(name)) classes.set(name, { properties: new Map(), table: new StandInTable() })
    return classes.get(name)!
  }
  const schemaOf = (name: string, found: WeaviateClass) => ({
    class: name,
    vectorizer: 'none',
    properties: [...found.properties].map(([property, type]) => ({ name: property, dataType: [type] })),
  })
  const get = (found: WeaviateClass, args: Record<string, unknown>, fields: string) => {
    const where = args.where as Record<string, unknown> | undefined
    const keep = (row: StandInRow) => (where ? whereHolds(row.fields, row.id, where) : true)
    const limit = Number(args.limit ?? 100)
    const near = args.nearVector as { vector: number[] } | undefined
    const hits = near
      ? found.table.search(near.vector, limit, keep)
      : [...found.table.rows.values()]
          .filter(keep)
          .sort((a, b) => a.id.localeCompare(b.id))
          .filter((row) => !args.after || row.id > String(args.after))
          .slice(0, limit)
          .map((row) => ({ row, score: 1 }))
    const names = fields
      .replace(/_additional\s*\{[^}]*\}/, '')
      .split(/\s+/)
      .filter(Boolean)
    return hits.map(({ row, score }) => ({
      ...Object.fromEntries(names.map((name) => [name, row.fields[name] ?? null])),
      _additional: { id: row.id, distance: 1 - score, vector: row.vector },
    }))
  }
  const api = await startJsonStandIn(
    ({ method, path, headers, body }) => {
      if (options.apiKey !== undefined && headers.authorization !== `Bearer ${options.apiKey}`) {
        return new StandInReply(401, { code: 401, message: 'anonymous access not enabled' })
      }
      const schema = /^\/v1\/schema\/(\w+)$/.exec(path)
      if (schema && method === 'GET') {
        const found = classes.get(schema[1]!)
        if (!found) throw new StandInError(404, '')
        return schemaOf(schema[1]!, found)
      }
      if (schema && method === 'DELETE') return classes.delete(schema[1]!) ? null : new StandInReply(404, null)
      if (path === '/v1/schema' && method === 'POST') {
        if (classes.has(String(body.class)))
          throw new StandInError(422, `class name ${String(body.class)} already exists`)
        return schemaOf(String(body.class), ensure(String(body.class)))
      }
      if (path === '/v1/batch/objects' && method === 'POST') {
        return (
          body.objects as { class: string; id: string; vector: number[]; properties: Record<string, unknown> }[]
        ).map((object) => {
          const found = ensure(object.class)
          const conflict = Object.entries(object.properties).find(
            ([name, value]) => found.properties.has(name) && found.properties.get(name) !== typeOf(value),
          )
          if (conflict)
            return {
              id: object.id,
              result: {
                errors: {
                  error: [{ message: `invalid ${found.properties.get(conflict[0])} property '${conflict[0]}'` }],
                },
              },
            }
          for (const [name, value] of Object.entries(object.properties))
            if (!found.properties.has(name)) found.properties.set(name, typeOf(value))
          found.table.upsert([{ id: object.id, vector: object.vector, fields: object.properties }])
          return { id: object.id, result: {} }
        })
      }
      if (path === '/v1/batch/objects' && method === 'DELETE') {
        const match = body.match as { class: string; where: Record<string, unknown> }
        const found = classes.get(match.class)
        const gone = found
          ? [...found.table.rows.values()]
              .filter((row) => whereHolds(row.fields, row.id, match.where))
              .map((row) => row.id)
          : []
        found?.table.delete(gone)
        return { match, results: { matches: gone.length, successful: gone.length, failed: 0 } }
      }
      if (path === '/v1/graphql' && method === 'POST') {
        const { kind, className, args, fields } = parseQuery(String(body.query))
        const found = classes.get(className)
        if (!found) return { errors: [{ message: `Cannot query field "${className}" on type "Get${kind}Obj".` }] }
        if (kind === 'Aggregate')
          return { data: { Aggregate: { [className]: [{ meta: { count: found.table.rows.size } }] } } }
        return { data: { Get: { [className]: get(found, args, fields) } } }
      }
      throw new StandInError(404, `Not found: ${method} ${path}`)
    },
    (error) => ({ error: [{ message: error.message }] }),
  )
  return { ...api, classNames: () => [...classes.keys()] }
}
