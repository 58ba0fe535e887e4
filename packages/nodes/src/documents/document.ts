import type { SourceDocument } from '@weft/core'
import { isRecord, readList } from '../runtime/read-input.js'

export const isSourceDocument = (value: unknown): value is SourceDocument =>
  isRecord(value) && typeof value.pageContent === 'string' && isRecord(value.metadata)

/** The documents connected to a Document anchor: each loader gives a list, a list anchor a list of those. */
export const readDocuments = (raw: unknown): SourceDocument[] => readList(raw).filter(isSourceDocument)
