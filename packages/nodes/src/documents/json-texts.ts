/**
 * The texts of a JSON value: every string, number and boolean in it, in order, one per line; with
 * `keys`, only those found under one of those keys (at any depth, with everything inside them).
 */
export function jsonText(value: unknown, keys: readonly string[]): string {
  const texts: string[] = []
  const collect = (item: unknown, selected: boolean) => {
    if (Array.isArray(item)) item.forEach((inner) => collect(inner, selected))
    else if (item !== null && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) collect(inner, selected || keys.includes(key))
    } else if (item !== null && item !== undefined && (selected || keys.length === 0)) {
      const text = String(item).trim()
      if (text) texts.push(text)
    }
  }
  collect(value, false)
  return texts.join('\n')
}
