import type { Flow } from '@weft/core'

/** A flow matches when its name, category or id contains the text, ignoring case. */
export function matchesSearch(flow: Pick<Flow, 'id' | 'name' | 'category'>, search: string): boolean {
  const wanted = search.trim().toLowerCase()
  if (wanted === '') return true
  return [flow.name, flow.category ?? '', flow.id].some((text) => text.toLowerCase().includes(wanted))
}
