// Building an AI SDK provider builds its request and response schemas, which costs more than the
// rest of a run on a fast model server. Flows run again and again with the same settings, so the
// provider built for one set of settings is kept and reused (a bounded map: oldest dropped first).
const MAX_PROVIDERS = 64
const providers = new Map<string, unknown>()

// Settings hold functions too, above all the outbound guard's fetch: JSON would drop them, and a
// provider built around one guard would then serve a run that should go through another.
const functionIds = new WeakMap<object, number>()
let lastFunctionId = 0

function functionId(fn: object): number {
  let id = functionIds.get(fn)
  if (id === undefined) {
    id = ++lastFunctionId
    functionIds.set(fn, id)
  }
  return id
}

const keyPart = (_name: string, value: unknown) =>
  typeof value === 'function' ? `function#${functionId(value)}` : value

/** The provider made by `create` for these settings, built once and reused afterwards. */
export function reuseProvider<T>(kind: string, settings: Record<string, unknown>, create: () => T): T {
  const key = `${kind}:${JSON.stringify(settings, keyPart)}`
  const known = providers.get(key)
  if (known !== undefined) return known as T
  const provider = create()
  providers.set(key, provider)
  if (providers.size > MAX_PROVIDERS) providers.delete(providers.keys().next().value as string)
  return provider
}
