import type { SourceDocument } from '@weft/core'
import type { NodeRunContext } from '../define-node.js'
import { readJsonObject } from '../runtime/read-input.js'
import { isTextSplitter } from './text-splitter.js'

/**
 * What every loader gives once it has read its documents: Additional Metadata added to each (its
 * keys win, so `source` can be renamed), then split by the connected Text Splitter; or, with the
 * Text output chosen, all the text joined for nodes that take text (unsplit: overlaps would repeat).
 */
export function loaderOutput(
  documents: SourceDocument[],
  { inputs, output }: NodeRunContext,
): SourceDocument[] | string {
  if (output === 'text') return documents.map((document) => document.pageContent).join('\n\n')
  const extra = readJsonObject(inputs.metadata, 'Additional Metadata')
  const described = documents.map((document) => ({ ...document, metadata: { ...document.metadata, ...extra } }))
  return isTextSplitter(inputs.textSplitter) ? inputs.textSplitter.split(described) : described
}
