import type { SourceDocument } from '@weft/core'

// Every sentence of the instructions starts like an order ("Use…", "If you…"), so the built-in
// responder, which quotes the context, never quotes them back as facts.
const INSTRUCTIONS = [
  'Use the context below to answer the question.',
  'If you cannot find the answer in it, say that you do not know; do not make up an answer.',
].join(' ')

/** The system message of a retrieval answer: how to answer, then the passages found, apart. */
export function retrievalSystemPrompt(documents: SourceDocument[]): string {
  const context = documents.length
    ? documents.map((document) => document.pageContent).join('\n\n---\n\n')
    : '(nothing found)'
  return `${INSTRUCTIONS}\n\n---\n\n${context}`
}
