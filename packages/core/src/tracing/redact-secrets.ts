/** What a trace shows in place of a secret. */
export const REDACTED_IN_TRACE = '[redacted]'

/** Values shorter than this are not looked for: they would blank out ordinary words and numbers. */
const SHORTEST_SECRET = 4

/** The values worth looking for, longest first, so a secret that holds another is replaced whole. */
export function secretsToRedact(values: Iterable<string>): string[] {
  const unique = new Set([...values].filter((value) => value.length >= SHORTEST_SECRET))
  return [...unique].sort((a, b) => b.length - a.length)
}

/**
 * `text` with every occurrence of a secret replaced by REDACTED_IN_TRACE. `secrets` as given by
 * `secretsToRedact`; a model or server that repeats a key in an error message cannot leak it.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let redacted = text
  for (const secret of secrets) {
    if (redacted.includes(secret)) redacted = redacted.split(secret).join(REDACTED_IN_TRACE)
  }
  return redacted
}
