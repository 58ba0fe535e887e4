import type { SourceDocument } from '@weft/core'
import { isRecord } from '../runtime/read-input.js'
import type { Chunk } from './split-text.js'

/** What a text splitter node builds; loaders connected to it split their documents with it. */
export interface TextSplitter {
  kind: 'textSplitter'
  split: (documents: SourceDocument[]) => SourceDocument[]
}

export const isTextSplitter = (value: unknown): value is TextSplitter =>
  isRecord(value) && value.kind === 'textSplitter' && typeof value.split === 'function'

/**
 * A splitter that cuts each document's text with `chunksOf` and gives each chunk the document's
 * metadata plus the lines it spans (`loc.lines`, 1-based, as LangChain-based tools record them).
 */
export function documentSplitter(chunksOf: (text: string) => Chunk[]): TextSplitter {
  return {
    kind: 'textSplitter',
    split: (documents) =>
      documents.flatMap((document) => {
        const lineOf = lineFinder(document.pageContent)
        return chunksOf(document.pageContent).map((chunk) => ({
          pageContent: chunk.text,
          metadata: {
            ...document.metadata,
            // Kept beside what the loader recorded there, such as a PDF's `loc.pageNumber`.
            loc: {
              ...(isRecord(document.metadata.loc) ? document.metadata.loc : {}),
              lines: { from: lineOf(chunk.start), to: lineOf(chunk.start + chunk.text.length - 1) },
            },
          },
        }))
      }),
  }
}

/** The 1-based line of an offset, found by binary search over the text's line breaks. */
function lineFinder(text: string): (offset: number) => number {
  const breaks: number[] = []
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) breaks.push(i)
  return (offset) => {
    let low = 0
    let high = breaks.length
    while (low < high) {
      const middle = (low + high) >> 1
      if (breaks[middle]! < offset) low = middle + 1
      else high = middle
    }
    return low + 1
  }
}
