// The OpenAPI Toolkit's rules: which operations of a spec become tools, the arguments each takes,
// and the one address a call may go to (the spec's server, with the operation's path under it).

export const OPENAPI_METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const
export type OpenApiMethod = (typeof OPENAPI_METHODS)[number]

/** One operation of the spec as a tool: its name, what it does, and the JSON schema of its arguments. */
export interface OpenApiOperation {
  name: string
  description: string
  method: OpenApiMethod
  /** As the spec writes it, with `{param}` placeholders. */
  path: string
  pathParams: string[]
  queryParams: string[]
  hasBody: boolean
  inputSchema: Record<string, unknown>
}

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Replaces local `$ref`s (`#/components/...`) by what they point at; a reference loop stops as `{}`. */
export function dereferenceSpec(spec: unknown): unknown {
  const root = spec
  const resolve = (value: unknown, seen: readonly string[]): unknown => {
    if (Array.isArray(value)) return value.map((item) => resolve(item, seen))
    if (!isObject(value)) return value
    const ref = value.$ref
    if (typeof ref === 'string') {
      if (!ref.startsWith('#/') || seen.includes(ref)) return {}
      const target = ref
        .slice(2)
        .split('/')
        .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
        .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), root)
      return resolve(target ?? {}, [...seen, ref])
    }
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, resolve(inner, seen)]))
  }
  return resolve(spec, [])
}

/** The server addresses the spec lists, in order. */
export function openApiServers(spec: unknown): string[] {
  const servers = isObject(spec) && Array.isArray(spec.servers) ? spec.servers : []
  return servers.flatMap((server) => (isObject(server) && typeof server.url === 'string' ? [server.url] : []))
}

const paramSchema = (param: Json): Json => {
  const schema: Json = isObject(param.schema) ? { ...param.schema } : { type: 'string' }
  const description = param.description ?? schema.description
  return typeof description === 'string' ? { ...schema, description } : schema
}

function paramsGroup(params: Json[]): Json {
  const required = params.filter((param) => param.required === true).map((param) => String(param.name))
  return {
    type: 'object',
    properties: Object.fromEntries(params.map((param) => [String(param.name), paramSchema(param)])),
    ...(required.length ? { required } : {}),
  }
}

function bodySchema(operation: Json): Json | undefined {
  const content = isObject(operation.requestBody) ? operation.requestBody.content : undefined
  if (!isObject(content)) return undefined
  const media = ['application/json', 'application/x-www-form-urlencoded', 'text/plain']
    .map((type) => content[type])
    .find(isObject)
  return media && isObject(media.schema) ? media.schema : { type: 'string' }
}

/**
 * The operations of a dereferenced spec that can be tools: those with an operationId, under the
 * methods an API call uses. Path parameters (also those declared on the path) and query parameters
 * become `PathParameters` and `QueryParameters`, the JSON body `RequestBody`; an operation with none
 * takes a free `input`.
 */
export function openApiOperations(spec: unknown): OpenApiOperation[] {
  const paths = isObject(spec) && isObject(spec.paths) ? spec.paths : {}
  const operations: OpenApiOperation[] = []
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue
    const shared = Array.isArray(item.parameters) ? item.parameters.filter(isObject) : []
    for (const method of OPENAPI_METHODS) {
      const operation = item[method]
      if (!isObject(operation) || typeof operation.operationId !== 'string') continue
      const own = Array.isArray(operation.parameters) ? operation.parameters.filter(isObject) : []
      const params = [...shared.filter((param) => !own.some((o) => o.name === param.name && o.in === param.in)), ...own]
      const pathParams = params.filter((param) => param.in === 'path')
      const queryParams = params.filter((param) => param.in === 'query')
      const body = bodySchema(operation)
      const properties: Json = {
        ...(pathParams.length ? { PathParameters: paramsGroup(pathParams) } : {}),
        ...(queryParams.length ? { QueryParameters: paramsGroup(queryParams) } : {}),
        ...(body ? { RequestBody: body } : {}),
      }
      const required = Object.keys(properties).filter((key) => key !== 'QueryParameters')
      const description = [operation.description, operation.summary, operation.operationId].find(
        (text) => typeof text === 'string' && text.trim() !== '',
      ) as string
      operations.push({
        name: operation.operationId,
        description,
        method,
        path,
        pathParams: pathParams.map((param) => String(param.name)),
        queryParams: queryParams.map((param) => String(param.name)),
        hasBody: body !== undefined,
        inputSchema: Object.keys(properties).length
          ? { type: 'object', properties, required }
          : { type: 'object', properties: { input: { type: 'string', description: 'Query input' } } },
      })
    }
  }
  return operations
}

const scalar = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

/**
 * The address of one call: the server, the operation's path with each `{param}` filled (encoded,
 * so a value cannot leave the path), and the query parameters given. A path parameter left out is
 * an error naming it.
 */
export function openApiCallUrl(server: string, operation: OpenApiOperation, args: Json): URL {
  const pathValues = isObject(args.PathParameters) ? args.PathParameters : {}
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = pathValues[name]
    if (value === undefined || value === null || value === '') {
      throw new Error(`${operation.name} needs the path parameter "${name}".`)
    }
    return encodeURIComponent(scalar(value))
  })
  const url = new URL(`${server.replace(/\/+$/, '')}${path}`)
  const query = isObject(args.QueryParameters) ? args.QueryParameters : {}
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) url.searchParams.set(name, scalar(value))
  }
  return url
}

/** Whether `url` is at the server's origin and under its path: the only place the toolkit calls. */
export function isUnderServer(url: URL, server: string): boolean {
  const base = new URL(server)
  const prefix = base.pathname.replace(/\/+$/, '')
  return url.origin === base.origin && (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`))
}
