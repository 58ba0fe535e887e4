// Building an AI SDK provider builds its request and response schemas, which costs more than the
// rest of a run on a fast model server. Flows run again and again with the same settings, so the
// provider built for one set of settings is kept and reused (a bounded map: oldest dropped first).
const MAX_PROVIDERS = 64
const providers = new Map<string, unknown>()

/** The provider made by `create` for these settings, built once and reused afterwards. */
export function reuseProvider<T>(kind: string, settings: Record<string, unknown>, create: () => T): T {
  const key = `${kind}:${JSON.stringify(settings)}`
  const known = providers.get(key)
  if (known !== undefined) return known as T
  const provider = create()
  providers.set(key, provider)
  if (providers.size > MAX_PROVIDERS) providers.delete(providers.keys().next().value as string)
  return provider
}
