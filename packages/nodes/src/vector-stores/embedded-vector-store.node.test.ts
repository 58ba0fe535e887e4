import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SourceDocument } from '@weft/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Retriever, VectorStore } from '../documents/retriever.js'
import type { Embedder } from '../providers/embedder.js'
import { hashingEmbedder } from '../providers/hashing-embedder.js'
import { runNode, testRun } from '../runtime/test-run.js'
import embeddedVectorStore from './embedded-vector-store.node.js'
import { closeEmbeddedCollections, openEmbeddedCollection } from './embedded/embedded-collection.js'

const doc = (pageContent: string): SourceDocument => ({ pageContent, metadata: { source: 'handbook' } })

const handbook = [
  doc('Support answers e-mails within one working day.'),
  doc('Refunds are possible within 30 days of purchase.'),
  doc('The office is open Monday to Friday.'),
  doc('Team lunch is on Thursdays.'),
]

/** The hashing embedder, counting the texts it is asked to embed; its label is unique to the test. */
function countingEmbedder(name: string): Embedder & { embedded: string[] } {
  const inner = hashingEmbedder()
  const embedded: string[] = []
  return {
    kind: 'embedder',
    label: `Counting embedder ${name}`,
    embedded,
    embed: async (texts, signal) => {
      embedded.push(...texts)
      return inner.embed(texts, signal)
    },
  }
}

const signal = new AbortController().signal

let folder: string
/** A run whose workspace keeps its vectors in the test's folder. */
const run = () => testRun({ vectorFolder: folder })

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'weft-embedded-store-'))
})

afterEach(async () => {
  await closeEmbeddedCollections()
  rmSync(folder, { recursive: true, force: true })
})

describe('Embedded Vector Store', () => {
  it('retrieves the Top K documents closest to the question, closest first', async () => {
    const retriever = (await runNode(
      embeddedVectorStore,
      { document: [handbook.slice(0, 2), handbook.slice(2)], embeddings: hashingEmbedder(), topK: '2' },
      run(),
    )) as Retriever
    expect(retriever.kind).toBe('retriever')
    const found = await retriever.retrieve('Can I get a refund after 30 days?', signal)
    expect(found).toHaveLength(2)
    expect(found[0]).toEqual(handbook[1])
  })

  it('embeds the same documents once across runs, and again when they change', async () => {
    const embeddings = countingEmbedder('cache')
    await runNode(embeddedVectorStore, { document: [handbook], embeddings }, run())
    await runNode(embeddedVectorStore, { document: [handbook], embeddings }, run())
    expect(embeddings.embedded).toHaveLength(4)
    await runNode(embeddedVectorStore, { document: [[...handbook, doc('Parking is free.')]], embeddings }, run())
    expect(embeddings.embedded).toHaveLength(9)
  })

  it('with Max Marginal Relevance, passes over near-duplicates for varied passages', async () => {
    const documents = [
      doc('Refunds are possible within 30 days of purchase.'),
      doc('Refunds are possible within 30 days of purchase!'),
      doc('Refunds of gift cards are not possible.'),
    ]
    const inputs = { document: [documents], embeddings: hashingEmbedder(), topK: 2, fetchK: 3 }
    const similar = (await runNode(embeddedVectorStore, inputs, run())) as Retriever
    const varied = (await runNode(
      embeddedVectorStore,
      { ...inputs, searchType: 'mmr', lambda: 0.3 },
      run(),
    )) as Retriever
    const question = 'Are refunds possible within 30 days?'
    expect(await similar.retrieve(question, signal)).toEqual([documents[0], documents[1]])
    expect(await varied.retrieve(question, signal)).toEqual([documents[0], documents[2]])
  })

  it('with the Vector Store output, gives the store with scored search', async () => {
    const store = (await runNode(embeddedVectorStore, { document: [handbook], embeddings: hashingEmbedder() }, run(), {
      output: 'vectorStore',
    })) as VectorStore
    expect(store.kind).toBe('vectorStore')
    const [best] = await store.similaritySearch('When is team lunch?', 1, signal)
    expect(best!.document).toEqual(handbook[3])
    expect(best!.score).toBeGreaterThan(0.3)
  })

  it('searches the documents kept from earlier runs when none are connected', async () => {
    await runNode(embeddedVectorStore, { document: [handbook], embeddings: hashingEmbedder() }, run())
    await closeEmbeddedCollections()
    const retriever = (await runNode(
      embeddedVectorStore,
      { embeddings: hashingEmbedder(), topK: 1 },
      run(),
    )) as Retriever
    expect(await retriever.retrieve('Is the office open on Friday?', signal)).toEqual([handbook[2]])
  })

  it('adds nothing twice when a flow runs again, and keeps collections apart by name', async () => {
    const inputs = { document: [handbook], embeddings: hashingEmbedder() }
    await runNode(embeddedVectorStore, inputs, run())
    await runNode(embeddedVectorStore, inputs, run())
    await runNode(
      embeddedVectorStore,
      { ...inputs, document: [[doc('Parking is free.')]], collectionName: 'cars' },
      run(),
    )
    const kept = await openEmbeddedCollection(folder, 'default', 256)
    expect(await kept.count()).toBe(4)
    const cars = await openEmbeddedCollection(folder, 'cars', 256)
    expect(await cars.count()).toBe(1)
  })

  it('opens its collection for document stores, holding what flows added', async () => {
    await runNode(embeddedVectorStore, { document: [handbook], embeddings: hashingEmbedder() }, run())
    const collection = await embeddedVectorStore.openCollection!(
      {
        nodeId: 'embeddedVectorStore_0',
        label: 'Embedded Vector Store',
        inputs: { collectionName: ' default ' },
        isEnding: false,
        scope: run().scope,
      },
      256,
    )
    expect(await collection.count()).toBe(4)
    const [best] = await collection.search(
      await hashingEmbedder()
        .embed(['team lunch'])
        .then(([v]) => v!),
      1,
    )
    expect(best!.document).toEqual(handbook[3])
    await collection.close()
  })

  it('says so when the embedding gives vectors of another length than the stored ones', async () => {
    await runNode(embeddedVectorStore, { document: [handbook], embeddings: hashingEmbedder() }, run())
    const retriever = (await runNode(embeddedVectorStore, { embeddings: hashingEmbedder(64) }, run())) as Retriever
    await expect(retriever.retrieve('When is team lunch?', signal)).rejects.toThrow(
      'Embedded Vector Store (default) holds vectors of 256 numbers; this embedding gives 64. Clear the store or choose the same embedding.',
    )
  })

  it('asks for embeddings and for a data folder', async () => {
    await expect(runNode(embeddedVectorStore, { document: [handbook] }, run())).rejects.toThrow(
      'Connect an embeddings node to Embeddings.',
    )
    await expect(
      runNode(embeddedVectorStore, { document: [handbook], embeddings: hashingEmbedder() }, testRun()),
    ).rejects.toThrow('this run has no folder to write to')
  })
})
