/** Old id → the id a record gets on import; ids not in it are kept. */
export type IdMap = ReadonlyMap<string, string>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The new ids an import gives: one for every id that the database already holds (`taken`) or that
 * is not a UUID (the columns hold UUIDs). The same old id gets the same new id in every group, so
 * records that share an id (a custom assistant and its flow) keep sharing it.
 */
export function planIdMap(ids: Iterable<string>, taken: ReadonlySet<string>, newId: () => string): Map<string, string> {
  const map = new Map<string, string>()
  for (const id of ids) {
    if (!map.has(id) && (taken.has(id) || !UUID.test(id))) map.set(id, newId())
  }
  return map
}

/** The id a record or reference has after the import. */
export const mappedId = (map: IdMap, id: string): string => map.get(id) ?? id

/** A string that names a record: its id, or a picker's `<id>:<name>` (a document store pick). */
function mapString(text: string, map: IdMap): string {
  const exact = map.get(text)
  if (exact !== undefined) return exact
  const colon = text.indexOf(':')
  const head = colon > 0 ? map.get(text.slice(0, colon)) : undefined
  return head === undefined ? text : head + text.slice(colon)
}

/**
 * Any JSON value with every reference to a renamed record pointed at its new id: strings equal to
 * an old id (a tool, flow or assistant pick) or starting with `<old id>:` (a store pick), at any
 * depth. Node ids (`<name>_<n>`) are never UUIDs, so a flow's own wiring is left alone.
 */
export function remapIds(value: unknown, map: IdMap): unknown {
  if (map.size === 0) return value
  if (typeof value === 'string') return mapString(value, map)
  if (Array.isArray(value)) return value.map((item) => remapIds(item, map))
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, remapIds(item, map)]))
  }
  return value
}

/** `remapIds` over JSON text; the text itself when nothing is renamed. */
export function remapIdsInText(text: string, map: IdMap): string {
  return map.size === 0 ? text : JSON.stringify(remapIds(JSON.parse(text), map))
}
