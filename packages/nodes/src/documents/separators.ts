// Where text may be cut, in the order a splitter tries them: the first separator that cuts a text
// is used, and pieces still too long are cut by the next ones. Every separator keeps its characters
// in one of the pieces, so a chunk is always an exact slice of the text it came from.

export interface Separator {
  /** A global pattern; `null` cuts between any two characters, so every text can be cut small enough. */
  pattern: RegExp | null
  /** 'end': the separator ends the piece before the cut (". " after a sentence); 'start': it begins the next one ("## "). */
  keep: 'end' | 'start'
}

const separator = (pattern: RegExp | null, keep: Separator['keep'] = 'end'): Separator => ({ pattern, keep })

export const PARAGRAPH = separator(/\n\s*\n/g)
export const LINE = separator(/\n/g)
export const SENTENCE = separator(/(?<=[.!?]["'”)\]]?)\s+/g)
export const WORD = separator(/\s+/g)
export const CHARACTER = separator(null)

/** Paragraphs, then lines, then sentences, then words, then characters. */
export const DEFAULT_SEPARATORS: Separator[] = [PARAGRAPH, LINE, SENTENCE, WORD, CHARACTER]

/** The line break before a heading of exactly `level` #s, so the heading starts its piece. */
const headingOf = (level: number) => separator(new RegExp(`\\n(?=#{${level}}[ \\t])`, 'g'))

/** Markdown: headings from the top level down, code fences, horizontal rules, then as plain text. */
export const MARKDOWN_SEPARATORS: Separator[] = [
  ...[1, 2, 3, 4, 5, 6].map(headingOf),
  separator(/\n(?=```)/g),
  separator(/\n(?=(?:-{3,}|\*{3,}|_{3,})[ \t]*\n)/g),
  ...DEFAULT_SEPARATORS,
]

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Separators the user wrote (Custom Separators), tried in their order. Each begins the piece after
 * it, as a marker ("##", "-") begins the item it marks; characters come last so every chunk fits.
 */
export function customSeparators(texts: string[]): Separator[] {
  return [
    ...texts.filter((text) => text !== '').map((text) => separator(new RegExp(escape(text), 'g'), 'start')),
    CHARACTER,
  ]
}
