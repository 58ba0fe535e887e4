import { isSecretName, redactDeep, REDACTED_IN_TRACE, secretsToRedact } from '@weft/core'
import { namedRows } from './rows.js'
import { stepText } from './step-text.js'

// The request an HTTP step sends, built from its inputs, and what of it may be recorded. The token,
// the password and any key typed into a header are secrets: they are sent, never recorded or shown.

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']
const SENDS_BODY = new Set(['POST', 'PUT', 'PATCH'])

export interface HttpStepRequest {
  method: string
  url: URL
  headers: Headers
  body?: string | URLSearchParams | ArrayBuffer
  /** The values to keep out of every record, message and output (see `redactSecrets`). */
  secrets: string[]
}

function readUrl(raw: unknown): URL {
  const text = stepText(raw).trim()
  if (!text) throw new Error('URL is empty: give the address to call.')
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new Error('URL is not a web address: it must start with http:// or https://.')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`URL must start with http:// or https://, not ${url.protocol}//.`)
  }
  // Fetch refuses such addresses; saying where the password goes also keeps it out of the records.
  if (url.username || url.password) {
    throw new Error('URL holds a user name or password: put them under Authentication (Basic Auth) instead.')
  }
  return url
}

/** An address as error messages may show it: no query string (keys travel there) and no fragment. */
export const urlForMessages = (url: URL): string => `${url.origin}${url.pathname}`

const keyValues = (raw: unknown, inputLabel: string): Array<[string, string]> =>
  namedRows(raw, inputLabel, 'key', 'Key').map(({ name, row }) => [name, stepText(row.value)])

/**
 * Form data as the bytes of a multipart body and their content type (with the boundary). Encoded
 * here because the outbound guard's fetch (undici's) does not take Node's own FormData objects.
 */
async function multipart(fields: Array<[string, string]>): Promise<{ body: ArrayBuffer; type: string }> {
  const form = new FormData()
  for (const [key, value] of fields) form.append(key, value)
  const encoded = new Response(form)
  return { body: await encoded.arrayBuffer(), type: encoded.headers.get('content-type')! }
}

async function readBody(inputs: Record<string, unknown>): Promise<Pick<HttpStepRequest, 'body'> & { type?: string }> {
  const bodyType = stepText(inputs.bodyType) || 'json'
  if (bodyType === 'raw') return { body: stepText(inputs.bodyRaw) }
  if (bodyType === 'formData') return multipart(keyValues(inputs.bodyForm, 'Body'))
  if (bodyType === 'xWwwFormUrlencoded') return { body: new URLSearchParams(keyValues(inputs.bodyForm, 'Body')) }
  if (bodyType !== 'json') {
    throw new Error(`Body Type "${bodyType}" is not one of json, raw, formData, xWwwFormUrlencoded.`)
  }
  const raw = inputs.body
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return {}
  if (typeof raw !== 'string') return { body: JSON.stringify(raw), type: 'application/json' }
  try {
    JSON.parse(raw)
  } catch (error) {
    throw new Error(`Body is not valid JSON: ${(error as Error).message}`, { cause: error })
  }
  return { body: raw, type: 'application/json' }
}

function readAuthorization(inputs: Record<string, unknown>): string | undefined {
  const authType = stepText(inputs.authType) || 'none'
  if (authType === 'none') return undefined
  if (authType === 'bearer') {
    const token = stepText(inputs.bearerToken).trim()
    if (!token) throw new Error('Token is empty: give the bearer token, or set Authentication to None.')
    return `Bearer ${token}`
  }
  if (authType === 'basic') {
    const user = stepText(inputs.basicUsername)
    if (!user) throw new Error('Username is empty: give the user name for Basic Auth, or set Authentication to None.')
    return `Basic ${Buffer.from(`${user}:${stepText(inputs.basicPassword)}`).toString('base64')}`
  }
  throw new Error(`Authentication "${authType}" is not one of none, bearer, basic.`)
}

/** The request of an HTTP step's inputs; throws naming the input that cannot be used. */
export async function buildHttpRequest(inputs: Record<string, unknown>): Promise<HttpStepRequest> {
  const method = (stepText(inputs.method).trim() || 'GET').toUpperCase()
  if (!METHODS.includes(method)) throw new Error(`Method "${method}" is not one of ${METHODS.join(', ')}.`)
  const url = readUrl(inputs.url)
  const secrets: string[] = []
  for (const [key, value] of keyValues(inputs.queryParams, 'Query Params')) {
    url.searchParams.append(key, value)
    if (isSecretName(key)) secrets.push(value.trim())
  }
  const headers = new Headers()
  for (const [key, value] of keyValues(inputs.headers, 'Headers')) {
    try {
      headers.append(key, value)
    } catch {
      throw new Error(`Headers: "${key}" cannot be sent as a header name with its value (check for line breaks).`)
    }
    if (isSecretName(key)) secrets.push(value.trim())
  }
  const authorization = readAuthorization(inputs)
  if (authorization) {
    headers.set('authorization', authorization)
    // The whole header, and what follows its scheme: for Basic, the encoded user and password.
    secrets.push(authorization, authorization.replace(/^\w+ /, ''))
  }
  for (const name of ['bearerToken', 'basicPassword']) secrets.push(stepText(inputs[name]))
  if (!SENDS_BODY.has(method)) return { method, url, headers, secrets: secretsToRedact(secrets) }
  const { body, type } = await readBody(inputs)
  if (type && !headers.has('content-type')) headers.set('content-type', type)
  return { method, url, headers, ...(body !== undefined ? { body } : {}), secrets: secretsToRedact(secrets) }
}

export { redactDeep }

/** The step's inputs as its execution records them: the token and password blanked, secrets redacted everywhere. */
export function recordedHttpInputs(
  inputs: Record<string, unknown>,
  secrets: readonly string[],
): Record<string, unknown> {
  const recorded = redactDeep(inputs, secrets) as Record<string, unknown>
  for (const name of ['bearerToken', 'basicPassword']) {
    if (stepText(inputs[name]) !== '') recorded[name] = REDACTED_IN_TRACE
  }
  return recorded
}
