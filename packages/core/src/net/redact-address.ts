import { REDACTED_IN_TRACE } from '../tracing/redact-secrets.js'
import { decodeQueryPart, isSecretName } from '../tracing/redact-step-record.js'

/** Query keys that carry a secret in an address although their name does not say so: OAuth's code and state. */
const ADDRESS_SECRETS = new Set(['code', 'state'])

const isSecretQueryKey = (name: string): boolean =>
  isSecretName(name) || ADDRESS_SECRETS.has(name.toLowerCase().replace(/[^a-z0-9]/g, ''))

/**
 * An address (path, query, fragment) as a log may keep it: the value of every query key named like
 * a secret (`token`, `apiKey`, `password`, `signature`, OAuth's `code` and `state`…) and every
 * `pathSecrets` value (route params named so, like `/verify/apikey/:key`) replaced by
 * `[redacted]`; everything else as written.
 */
export function redactAddress(url: string, pathSecrets: readonly string[] = []): string {
  const hash = url.indexOf('#')
  const fragment = hash === -1 ? '' : url.slice(hash)
  const beforeFragment = hash === -1 ? url : url.slice(0, hash)
  const mark = beforeFragment.indexOf('?')
  let path = mark === -1 ? beforeFragment : beforeFragment.slice(0, mark)
  for (const secret of pathSecrets) {
    if (secret)
      path = path.split(encodeURIComponent(secret)).join(REDACTED_IN_TRACE).split(secret).join(REDACTED_IN_TRACE)
  }
  if (mark === -1) return path + fragment
  const query = beforeFragment
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      if (equals === -1 || !isSecretQueryKey(decodeQueryPart(pair.slice(0, equals)))) return pair
      return `${pair.slice(0, equals)}=${REDACTED_IN_TRACE}`
    })
    .join('&')
  return `${path}?${query}${fragment}`
}
