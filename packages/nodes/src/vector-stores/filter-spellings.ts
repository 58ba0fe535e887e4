// The stored values a metadata filter's value stands for under matchesMetadataFilter, for stores
// whose own filters compare typed values: `2` is 2 or "2", `"true"` is true or "true". Used to
// translate the filter into each store's language (Pinecone, Chroma).

/** Whether `text` is exactly the text JavaScript gives the number it spells (`2`, `1.5`; not `2.0`). */
export function isNumberText(text: string): boolean {
  const number = Number(text)
  return text.trim() !== '' && Number.isFinite(number) && String(number) === text
}

/** The typed values equal to `wanted` under the rule: its text, and its number or boolean when it spells one. */
export function filterSpellings(wanted: string | number | boolean): (string | number | boolean)[] {
  const text = String(wanted)
  const spellings: (string | number | boolean)[] = [text]
  if (text === 'true' || text === 'false') spellings.push(text === 'true')
  if (isNumberText(text)) spellings.push(Number(text))
  return spellings
}
