import type { SourceDocument } from '@weft/core'
import { expect } from 'vitest'
import type { Retriever, VectorStore } from '../documents/retriever.js'

// What every external vector store node (Postgres, Qdrant) must do alike with the hashing embedder,
// checked the same way on each.

const signal = new AbortController().signal

export const doc = (pageContent: string, source = 'handbook'): SourceDocument => ({ pageContent, metadata: { source } })

export const handbook = [
  doc('Support answers e-mails within one working day.'),
  doc('Refunds are possible within 30 days of purchase.'),
  doc('The office is open Monday to Friday.'),
  doc('Team lunch is on Thursdays.', 'wiki'),
]

/**
 * Builds the node under test on one store (its connection, table or collection and embeddings
 * already set), with these inputs added and this output chosen.
 */
export type BuildStoreNode = (inputs: Record<string, unknown>, output?: string) => Promise<unknown>

/** Building twice with the handbook stores it once (`count` reads how many records the store holds). */
export async function expectStoredOnceClosestRetrieved(build: BuildStoreNode, count: () => Promise<number>) {
  const retriever = (await build({ document: [handbook], topK: 2 })) as Retriever
  await build({ document: [handbook], topK: 2 })
  expect(await count()).toBe(4)
  const found = await retriever.retrieve('Can I get a refund after 30 days?', signal)
  expect(found).toHaveLength(2)
  expect(found[0]).toEqual(handbook[1])
}

/** The store output searches what an earlier build stored, with scores; `filterInput` names the node's filter. */
export async function expectScoresAndMetadataFilter(build: BuildStoreNode, filterInput: string) {
  await build({ document: [handbook] })
  const store = (await build({}, 'vectorStore')) as VectorStore
  expect(store.kind).toBe('vectorStore')
  const scored = await store.similaritySearch('team lunch on Thursdays', 4, signal)
  expect(scored[0]?.document).toEqual(handbook[3])
  expect(scored[0]?.score).toBeGreaterThan(scored[1]?.score ?? Infinity)
  const filtered = (await build({ [filterInput]: '{ "source": "wiki" }', topK: 4 })) as Retriever
  expect(await filtered.retrieve('refunds', signal)).toEqual([handbook[3]])
}

/** Similarity search gives two near-duplicates; Max Marginal Relevance passes over the second. */
export async function expectMmrPassesOverNearDuplicates(build: BuildStoreNode) {
  const documents = [
    doc('Refunds are possible within 30 days of purchase.'),
    doc('Refunds are possible within 30 days of purchase!'),
    doc('Refunds of gift cards are not possible.'),
  ]
  const inputs = { document: [documents], topK: 2, fetchK: 3 }
  const question = 'Are refunds possible within 30 days?'
  const similar = (await build(inputs)) as Retriever
  const varied = (await build({ ...inputs, searchType: 'mmr', lambda: 0.3 })) as Retriever
  // The two near-duplicates have the same vector (punctuation is not a word), so either comes first.
  const texts = async (retriever: Retriever) => (await retriever.retrieve(question, signal)).map((d) => d.pageContent)
  expect((await texts(similar)).sort()).toEqual([documents[0]?.pageContent, documents[1]?.pageContent].sort())
  const picked = await texts(varied)
  expect(picked).toHaveLength(2)
  expect(picked[1]).toBe(documents[2]?.pageContent)
}
