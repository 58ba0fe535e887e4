import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Retriever } from '../documents/retriever.js'
import { hashingEmbedder } from '../providers/hashing-embedder.js'
import { runNode, testRun } from '../runtime/test-run.js'
import {
  expectMmrPassesOverNearDuplicates,
  expectScoresAndMetadataFilter,
  expectStoredOnceClosestRetrieved,
  handbook,
  type BuildStoreNode,
} from '../testing/vector-store-node-cases.js'
import { closeEmbeddedCollections, openEmbeddedCollection } from './embedded/embedded-collection.js'
import faiss from './faiss.node.js'

const signal = new AbortController().signal

let folder: string
const run = () => testRun({ vectorFolder: folder })
const build: BuildStoreNode = (extra, output) =>
  runNode(faiss, { embeddings: hashingEmbedder(), basePath: 'handbook', ...extra }, run(), output ? { output } : {})
/** The records kept in the Base Path "handbook", read from its files as a document store would. */
const count = async () => {
  const collection = await faiss.openCollection!(
    { nodeId: 'faiss_0', label: 'Faiss', inputs: { basePath: 'handbook' }, isEnding: false, scope: run().scope },
    256,
  )
  try {
    return await collection.count()
  } finally {
    await collection.close()
  }
}

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'weft-faiss-'))
})

afterEach(async () => {
  await closeEmbeddedCollections()
  rmSync(folder, { recursive: true, force: true })
})

describe('Faiss', () => {
  it('stores the documents once however often the flow is built, and finds the closest', async () => {
    await expectStoredOnceClosestRetrieved(build, count)
  })

  it('searches with scores, and by metadata', async () => {
    await expectScoresAndMetadataFilter(build, 'metadataFilter')
  })

  it('with Max Marginal Relevance, passes over near-duplicates', async () => {
    await expectMmrPassesOverNearDuplicates(build)
  })

  it('keeps the store in its Base Path inside the data folder, across restarts', async () => {
    await build({ document: [handbook] })
    await closeEmbeddedCollections()
    expect(existsSync(join(folder, 'faiss', 'handbook', 'vectors.sqlite'))).toBe(true)
    const retriever = (await build({ topK: 1 })) as Retriever
    expect(await retriever.retrieve('Is the office open on Friday?', signal)).toEqual([handbook[2]])
    const other = (await build({ basePath: 'other/place' })) as Retriever
    expect(await other.retrieve('Is the office open on Friday?', signal)).toEqual([])
    const kept = await openEmbeddedCollection(join(folder, 'faiss', 'handbook'), 'faiss', 256)
    expect(await kept.count()).toBe(4)
    await kept.close()
  })

  it('refuses a Base Path that leaves the data folder, or none', async () => {
    for (const basePath of ['../elsewhere', 'a/../../b', '/etc/faiss', '..']) {
      await expect(build({ document: [handbook], basePath })).rejects.toThrow(
        `Base Path "${basePath}" leaves Weft's data folder`,
      )
    }
    await expect(build({ basePath: '  ' })).rejects.toThrow('Base Path is empty')
    expect(existsSync(join(folder, 'elsewhere'))).toBe(false)
    await expect(
      runNode(faiss, { document: [handbook], embeddings: hashingEmbedder(), basePath: 'handbook' }, testRun()),
    ).rejects.toThrow('this run has no folder to write to')
  })

  it('asks for embeddings', async () => {
    await expect(runNode(faiss, { document: [handbook], basePath: 'handbook' }, run())).rejects.toThrow(
      'Connect an embeddings node to Embeddings.',
    )
  })
})
