/**
 * Reads a value of a node's inputs by a show/hide rule's key: a plain input name, or a path into
 * array params such as `conditions[0].type` or `agentTools[1].agentSelectedTool`. `$index` stands
 * for the array item whose field is being shown.
 */
export function readInputPath(inputs: Record<string, unknown>, path: string, index?: number): unknown {
  const resolved = index === undefined ? path : path.replaceAll('$index', String(index))
  if (Object.hasOwn(inputs, resolved)) return inputs[resolved]
  let current: unknown = inputs
  for (const key of pathKeys(resolved)) {
    current = parseJsonText(current)
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<string, unknown>)[key]
  }
  return current
}

function pathKeys(path: string): string[] {
  return path
    .replace(/\[(\w+)\]/g, '.$1')
    .split('.')
    .filter((key) => key !== '')
}

/** Array params may be stored as JSON text (datagrid rows); read into them as data. */
function parseJsonText(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) return value
  try {
    return JSON.parse(value) as unknown
  } catch {
    return value
  }
}
