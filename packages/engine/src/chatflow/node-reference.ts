/** A chatflow connection as the flow format writes it in an input: `{{<nodeId>.data.instance}}`. */
const REFERENCE = /\{\{\s*([^{}\s.]+)\.data\.instance\s*\}\}/g
const WHOLE_REFERENCE = /^\s*\{\{\s*([^{}\s.]+)\.data\.instance\s*\}\}\s*$/

/** The node id when `text` is nothing but one connection, so the input takes that node's value itself. */
export function wholeReference(text: string): string | undefined {
  return WHOLE_REFERENCE.exec(text)?.[1]
}

/** Node ids referenced anywhere inside an input value (strings, list arrays, nested objects), in order. */
export function referencedNodeIds(value: unknown): string[] {
  const ids = new Set<string>()
  const visit = (item: unknown) => {
    if (typeof item === 'string') for (const match of item.matchAll(REFERENCE)) ids.add(match[1]!)
    else if (Array.isArray(item)) item.forEach(visit)
    else if (item !== null && typeof item === 'object') Object.values(item).forEach(visit)
  }
  visit(value)
  return [...ids]
}
