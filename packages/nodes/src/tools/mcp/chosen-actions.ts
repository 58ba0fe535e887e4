/** The actions chosen in Available Actions: Flowise saves them as a list or as JSON text of one. */
export function chosenActions(raw: unknown): string[] {
  let value = raw
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw)
    } catch {
      value = raw ? [raw] : []
    }
  }
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
}
