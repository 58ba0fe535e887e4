import { REDACTED_IN_TRACE, redactSecrets, secretsToRedact } from './redact-secrets.js'

// What a step's record (an execution, its public link, an export) may keep of the inputs it ran
// with. One rule for every step, whether it finished or failed: password inputs, values of
// headers, query keys and form fields named like secrets, bearer and basic credentials, and every
// other occurrence of those values are replaced by REDACTED_IN_TRACE.

/** Endings of names (lower case, letters and digits only) whose value is a secret. */
const SECRET_ENDINGS = [
  'apikey',
  'accesskey',
  'secretkey',
  'privatekey',
  'secret',
  'token',
  'password',
  'passwd',
  'authorization',
  'auth',
  'cookie',
  'signature',
  'credential',
  'credentials',
]
/** Whole names that are secrets only on their own (`?key=` is Google's API key, `sig` a signature). */
const SECRET_NAMES = new Set(['key', 'sig', 'pwd'])

/**
 * Whether a header, query key or form field named so carries a secret: `X-Api-Key`, `api_key`,
 * `Authorization`, `access_token`, `client-secret`, `Cookie`… but not `max_tokens` or `page`.
 */
export function isSecretName(name: string): boolean {
  const plain = name.toLowerCase().replace(/[^a-z0-9]/g, '')
  return SECRET_NAMES.has(plain) || SECRET_ENDINGS.some((ending) => plain.endsWith(ending))
}

/** A bearer token in a text: `Bearer ` and at least eight token characters (not "Bearer bonds"). */
const BEARER = /\bBearer\s+([A-Za-z0-9\-._~+/]{8,}=*)/g
/** Basic credentials in a text: kept only when they decode to `user:password` (not "Basic information"). */
const BASIC = /\bBasic\s+([A-Za-z0-9+/]{4,}={0,2})/g
/** `?name=value` and `&name=value` pairs of an address written in a text. */
const QUERY_PAIR = /[?&]([^=&#\s"'<>]+)=([^&#\s"'<>]*)/g

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A query key or value decoded, or as written when it is no valid encoding. */
export function decodeQueryPart(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    return text
  }
}

function isUserAndPassword(base64: string): boolean {
  try {
    return atob(base64).includes(':')
  } catch {
    return false
  }
}

/** The secret values a text shows: bearer and basic credentials, query values named like secrets. */
function secretsInText(text: string, found: string[]): void {
  for (const match of text.matchAll(BEARER)) found.push(match[1]!)
  for (const match of text.matchAll(BASIC)) if (isUserAndPassword(match[1]!)) found.push(match[1]!)
  for (const match of text.matchAll(QUERY_PAIR)) {
    if (isSecretName(decodeQueryPart(match[1]!)) && match[2]) found.push(match[2], decodeQueryPart(match[2]))
  }
}

/** A `{ key, value }` row (headers, query params, form fields, as the canvas stores them) whose key is a secret's name. */
const isSecretRow = (value: Record<string, unknown>): boolean =>
  typeof value.key === 'string' && isSecretName(value.key) && 'value' in value

function collectSecrets(value: unknown, found: string[]): void {
  if (typeof value === 'string') return secretsInText(value, found)
  if (Array.isArray(value)) return value.forEach((item) => collectSecrets(item, found))
  if (!isRecord(value)) return
  if (isSecretRow(value) && typeof value.value === 'string') {
    // The whole value, and what follows its scheme ("Bearer …", "Basic …").
    found.push(value.value.trim(), value.value.trim().replace(/^\w+\s+/, ''))
  }
  for (const item of Object.values(value)) collectSecrets(item, found)
}

/** `value` with every secret replaced, in every text it holds (keys are kept). */
export function redactDeep(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return redactSecrets(value, secrets)
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, secrets))
  if (!isRecord(value)) return value
  const redacted = Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactDeep(item, secrets)]))
  // A short value (under four characters) is not looked for elsewhere, but is still blanked in its row.
  if (isSecretRow(value) && value.value !== '' && value.value !== undefined) redacted.value = REDACTED_IN_TRACE
  return redacted
}

/** What the record of a step keeps, and the values it hid (to hide them from its error and output too). */
export interface StepRecordRedaction {
  input: Record<string, unknown>
  secrets: string[]
}

/**
 * A step's inputs as its record keeps them: `password` params blanked, secrets named as such in
 * rows and addresses replaced, and those values hidden wherever else they appear. `extraSecrets`
 * are values known to be secret besides (say, what the step itself found).
 */
export function redactStepInputs(
  params: readonly { name: string; type: string }[],
  inputs: Record<string, unknown>,
  extraSecrets: readonly string[] = [],
): StepRecordRedaction {
  const passwords = new Set(params.filter((param) => param.type === 'password').map((param) => param.name))
  const found = [...extraSecrets]
  for (const [name, value] of Object.entries(inputs)) {
    if (passwords.has(name) && typeof value === 'string') found.push(value)
  }
  collectSecrets(inputs, found)
  const secrets = secretsToRedact(found)
  const input = redactDeep(inputs, secrets) as Record<string, unknown>
  for (const name of passwords) {
    if (input[name] !== undefined && input[name] !== '' && input[name] !== null) input[name] = REDACTED_IN_TRACE
  }
  return { input, secrets }
}
