import type { MetadataFilter } from '@weft/core'
import type { OutboundFetch } from '../net/outbound-guard.js'

// weaviate-ts-client sends every request with the global fetch (and follows redirects there), so
// Weft does not let it connect: its request builders (GraphQL Get and Aggregate, batches, schema)
// are given this connection instead, which sends through the outbound guard's fetch.

/** The part of weaviate-ts-client's Connection its builders call. */
export interface WeaviateConnection {
  post: (path: string, payload: unknown, expectReturnContent?: boolean) => Promise<unknown>
  put: (path: string, payload: unknown, expectReturnContent?: boolean) => Promise<unknown>
  patch: (path: string, payload: unknown) => Promise<unknown>
  delete: (path: string, payload: unknown, expectReturnContent?: boolean) => Promise<unknown>
  head: (path: string, payload: unknown) => Promise<unknown>
  get: (path: string, expectReturnContent?: boolean) => Promise<unknown>
  query: (query: string, variables?: Record<string, unknown>) => Promise<{ data: unknown }>
}

/** An error answer, with its status kept so a missing class can be told apart. */
export class WeaviateAnswered extends Error {
  constructor(
    readonly status: number,
    reason: string,
  ) {
    const hint = status === 401 || status === 403 ? ' Check the Weaviate API credential.' : ''
    super(`Weaviate answered ${status}: ${reason.slice(0, 300)}.${hint}`)
  }
}

export function weaviateConnection(url: string, fetch: OutboundFetch, apiKey?: string): WeaviateConnection {
  const root = url.replace(/\/+$/, '')
  const send = async (method: string, path: string, payload: unknown, expectContent: boolean) => {
    const response = await fetch(`${root}/v1${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
      ...(payload === undefined || payload === null ? {} : { body: JSON.stringify(payload) }),
    })
    if (response.status >= 400) throw new WeaviateAnswered(response.status, await response.text().catch(() => ''))
    if (method === 'HEAD') return response.status === 200 || response.status === 204
    return expectContent ? ((await response.json()) as unknown) : undefined
  }
  return {
    post: (path, payload, expect = true) => send('POST', path, payload, expect),
    put: (path, payload, expect = true) => send('PUT', path, payload, expect),
    patch: (path, payload) => send('PATCH', path, payload, false),
    delete: (path, payload, expect = false) => send('DELETE', path, payload, expect),
    head: (path, payload) => send('HEAD', path, payload, false),
    get: (path, expect = true) => send('GET', path, undefined, expect),
    query: async (query, variables) => {
      const answer = (await send('POST', '/graphql', { query, variables }, true)) as {
        data?: unknown
        errors?: { message?: string }[]
      }
      if (answer.errors?.length) {
        throw new WeaviateAnswered(422, answer.errors.map((error) => error.message ?? 'error').join('; '))
      }
      return { data: answer.data }
    },
  }
}

/** Weaviate's property name for a metadata key, as LangChain writes nested keys: `loc.line` → `loc_line`. */
export const propertyNameOf = (key: string): string => {
  const name = key.replace(/[^A-Za-z0-9_]/g, '_')
  return /^[A-Za-z_]/.test(name) ? name : `_${name}`
}

/** A class name as Weaviate keeps it: the first letter capital. */
export const classNameOf = (index: string): string => index.charAt(0).toUpperCase() + index.slice(1)

export type WeaviateWhere = Record<string, unknown>

/**
 * Weaviate's `where` for the rule of matchesMetadataFilter on the class's typed properties (name →
 * dataType); `false` when no stored object can match (a key the class has no property for, or a
 * value no spelling of which fits the property's type).
 */
export function weaviateWhere(
  filter: MetadataFilter | undefined,
  types: ReadonlyMap<string, string>,
): WeaviateWhere | undefined | false {
  const entries = Object.entries(filter ?? {})
  if (entries.length === 0) return undefined
  const operands: WeaviateWhere[] = []
  for (const [key, wanted] of entries) {
    const type = types.get(key)
    const text = String(wanted)
    const number = Number(text)
    const path = [key]
    if (type === 'text' || type === 'string' || type === 'text[]' || type === 'string[]') {
      operands.push({ path, operator: 'Equal', valueText: text })
    } else if (type === 'number' && text.trim() !== '' && Number.isFinite(number)) {
      operands.push({ path, operator: 'Equal', valueNumber: number })
    } else if (type === 'int' && Number.isSafeInteger(number) && text.trim() !== '') {
      operands.push({ path, operator: 'Equal', valueInt: number })
    } else if (type === 'boolean' && (text === 'true' || text === 'false')) {
      operands.push({ path, operator: 'Equal', valueBoolean: text === 'true' })
    } else {
      return false
    }
  }
  return operands.length === 1 ? operands[0] : { operator: 'And', operands }
}
