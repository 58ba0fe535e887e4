import type { Chunk } from './split-text.js'

const FENCE = /^\s*(```|~~~)/

/**
 * Cuts Markdown into sections, each starting at a heading of `maxLevel` #s or fewer; lines inside
 * code fences are never headings. Text before the first heading is a section of its own.
 */
export function markdownSections(text: string, maxLevel: number): Chunk[] {
  const heading = new RegExp(`^#{1,${maxLevel}}[ \\t]`)
  const starts = [0]
  let inFence = false
  let offset = 0
  for (const line of text.split('\n')) {
    if (FENCE.test(line)) inFence = !inFence
    else if (!inFence && offset > 0 && heading.test(line)) starts.push(offset)
    offset += line.length + 1
  }
  return starts.map((start, i) => ({ text: text.slice(start, starts[i + 1] ?? text.length), start }))
}
