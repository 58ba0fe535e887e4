/**
 * The origin written in `text` (`https://example.com`, `http://localhost:8080`: a scheme, a host and
 * maybe a port, nothing after, a trailing slash allowed), or undefined when it is not one. Allowed
 * origins of a chatbot are checked with it in the configuration dialog and on the server.
 */
export function toOrigin(text: string): string | undefined {
  const trimmed = text.trim().replace(/\/$/, '')
  try {
    const url = new URL(trimmed)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
    return url.origin === trimmed.toLowerCase() ? url.origin : undefined
  } catch {
    return undefined
  }
}
