/** True when any of the texts contains the search, ignoring case; an empty search matches all. */
export function matchesText(texts: readonly (string | undefined)[], search: string): boolean {
  const wanted = search.trim().toLowerCase()
  if (wanted === '') return true
  return texts.some((text) => text?.toLowerCase().includes(wanted))
}
