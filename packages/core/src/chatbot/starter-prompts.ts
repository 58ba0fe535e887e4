// Flowise stores a chatbot's starter prompts as an object keyed by position,
// `{ "0": { "prompt": "…" }, "1": { "prompt": "" } }`, and its chat widget reads them so. Weft writes
// that shape too and reads a plain list as well, so configs from either side show the same prompts.

/** The prompts to offer, in order, blanks left out; an unreadable value offers none. */
export function starterPromptsOf(stored: unknown): string[] {
  if (typeof stored !== 'object' || stored === null) return []
  const items: unknown[] = Array.isArray(stored)
    ? stored
    : Object.entries(stored)
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([, item]) => item)
  return items.flatMap((item) => {
    const prompt = typeof item === 'string' ? item : (item as { prompt?: unknown } | null)?.prompt
    return typeof prompt === 'string' && prompt.trim() !== '' ? [prompt.trim()] : []
  })
}

/** The prompts in the shape Flowise stores and its widget reads. */
export function storedStarterPrompts(prompts: readonly string[]): Record<string, { prompt: string }> {
  const kept = prompts.map((prompt) => prompt.trim()).filter((prompt) => prompt !== '')
  return Object.fromEntries(kept.map((prompt, index) => [String(index), { prompt }]))
}
