/** Header names as HTTP allows them (RFC 9110 tokens). */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/

export type ParsedHeaders = { headers: Record<string, string> } | { problem: string }

const decode = (text: string) => {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/**
 * Reads extra export headers written as OTEL_EXPORTER_OTLP_HEADERS writes them: `name=value` pairs
 * separated by commas (or lines), values percent-encoded where they hold a comma. A problem names
 * the pair by its position and never quotes it, since values are usually secrets.
 */
export function parseOtlpHeaders(text: string | undefined): ParsedHeaders {
  const headers: Record<string, string> = {}
  const pairs = (text ?? '')
    .split(/[,\n]/)
    .map((pair) => pair.trim())
    .filter(Boolean)
  for (const [index, pair] of pairs.entries()) {
    const equals = pair.indexOf('=')
    const name = equals > 0 ? pair.slice(0, equals).trim() : ''
    if (!HEADER_NAME.test(name)) return { problem: `header ${index + 1} is not written as name=value` }
    headers[name.toLowerCase()] = decode(pair.slice(equals + 1).trim())
  }
  return { headers }
}
