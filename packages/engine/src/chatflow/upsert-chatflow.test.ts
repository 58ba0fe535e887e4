import { randomUUID } from 'node:crypto'
import { nodes } from '@weft/nodes'
import { describe, expect, it } from 'vitest'
import { testFlowData, testNode, testRun, testServices, type TestNode } from '../testing/test-flow.js'
import { upsertChatflow } from './upsert-chatflow.js'
import { UpsertRefusal } from './upsert-refusal.js'

// The real loaders, splitter, hashing embeddings and embedded vector store; the chain at the end is
// a test node that fails when built, so an upsert that built it would fail too.

const ref = (id: string) => `{{${id}.data.instance}}`
const HANDBOOK = 'Refunds are possible within 30 days.\n\nTeam lunch is on Thursdays.'

const built: string[] = []
const failingChain = testNode(
  'failingChain',
  async () => {
    built.push('failingChain')
    throw new Error('the chain must not be built by an upsert')
  },
  ['retriever'],
)
const catalogue = [...nodes, failingChain]

/** Plain text → splitter → embedded vector store ← hashing embeddings, then a chain on the store. */
function handbookFlow(collectionName: string, extra: TestNode[] = []): TestNode[] {
  return [
    { id: 'recursiveCharacterTextSplitter_0', inputs: { chunkSize: 40, chunkOverlap: 0 } },
    { id: 'plainText_0', inputs: { text: HANDBOOK, textSplitter: ref('recursiveCharacterTextSplitter_0') } },
    { id: 'offlineEmbeddings_0' },
    {
      id: 'embeddedVectorStore_0',
      inputs: { collectionName, document: [ref('plainText_0')], embeddings: ref('offlineEmbeddings_0') },
    },
    { id: 'failingChain_0', inputs: { retriever: ref('embeddedVectorStore_0') } },
    ...extra,
  ]
}

const upsertOf = (
  flow: TestNode[],
  fields: { stopNodeId?: string; files?: { name: string; mime: string; text: string }[] } = {},
) =>
  upsertChatflow(
    {
      flow: testRun(testFlowData(flow)).flow,
      signal: new AbortController().signal,
      ...(fields.stopNodeId ? { stopNodeId: fields.stopNodeId } : {}),
      ...(fields.files
        ? {
            files: fields.files.map((file) => ({
              name: file.name,
              mime: file.mime,
              base64: Buffer.from(file.text).toString('base64'),
            })),
          }
        : {}),
    },
    testServices(catalogue),
  )

describe('upsertChatflow', () => {
  it('builds the vector store and what it needs, never the chain, and counts what it wrote', async () => {
    built.length = 0
    const flow = handbookFlow(`handbook-${randomUUID()}`)
    const first = await upsertOf(flow)
    expect(built).toEqual([])
    expect(first).toMatchObject({ numAdded: 2, numUpdated: 0, numSkipped: 0, numDeleted: 0 })
    expect(first.addedDocs.map((doc) => doc.pageContent)).toEqual([
      'Refunds are possible within 30 days.',
      'Team lunch is on Thursdays.',
    ])

    const again = await upsertOf(flow)
    expect(again).toEqual({ numAdded: 0, numUpdated: 0, numSkipped: 2, numDeleted: 0, addedDocs: [] })
  })

  it('writes only to the store stopNodeId names, and refuses a node that is not a vector store', async () => {
    const flow = handbookFlow(`handbook-${randomUUID()}`, [
      { id: 'plainText_1', inputs: { text: 'Another text entirely.' } },
      {
        id: 'embeddedVectorStore_1',
        inputs: {
          collectionName: `other-${randomUUID()}`,
          document: [ref('plainText_1')],
          embeddings: ref('offlineEmbeddings_0'),
        },
      },
      { id: 'failingChain_1', inputs: { retriever: ref('embeddedVectorStore_1') } },
    ])
    const both = await upsertOf(flow)
    expect(both.numAdded).toBe(3)

    const one = await upsertOf(handbookFlow(`fresh-${randomUUID()}`, flow.slice(5)), {
      stopNodeId: 'embeddedVectorStore_0',
    })
    expect(one.addedDocs.map((doc) => doc.pageContent)).toEqual([
      'Refunds are possible within 30 days.',
      'Team lunch is on Thursdays.',
    ])
    await expect(upsertOf(flow, { stopNodeId: 'plainText_0' })).rejects.toThrow(
      'stopNodeId: plainText_0 (plainText_0) is not a vector store that takes documents.',
    )
    await expect(upsertOf(flow, { stopNodeId: 'nowhere_9' })).rejects.toThrow(UpsertRefusal)
  })

  it('refuses a flow with no vector store, or none with documents connected', async () => {
    await expect(upsertOf([{ id: 'plainText_0', inputs: { text: 'Hi' } }])).rejects.toThrow(
      'There is no vector store in this flow to upsert into.',
    )
    const unfed = [
      { id: 'offlineEmbeddings_0' },
      { id: 'embeddedVectorStore_0', inputs: { embeddings: ref('offlineEmbeddings_0') } },
    ]
    await expect(upsertOf(unfed)).rejects.toThrow('No vector store in this flow has documents connected')
  })

  it('puts a sent file in the loader that takes its type, and refuses a file no loader takes', async () => {
    const collectionName = `files-${randomUUID()}`
    const flow: TestNode[] = [
      { id: 'textFile_0', inputs: { txtFile: 'The stored file text.' } },
      { id: 'offlineEmbeddings_0' },
      {
        id: 'embeddedVectorStore_0',
        inputs: { collectionName, document: [ref('textFile_0')], embeddings: ref('offlineEmbeddings_0') },
      },
    ]
    const sent = await upsertOf(flow, { files: [{ name: 'notes.txt', mime: 'text/plain', text: 'Sent notes.' }] })
    expect(sent.addedDocs).toEqual([{ pageContent: 'Sent notes.', metadata: { source: 'notes.txt' } }])

    await expect(
      upsertOf(flow, { files: [{ name: 'scan.pdf', mime: 'application/pdf', text: '%PDF' }] }),
    ).rejects.toThrow('files: no document loader of the vector store takes scan.pdf; they take .txt')
  })

  it('names the node that failed', async () => {
    const flow: TestNode[] = [
      { id: 'plainText_0', inputs: { text: '' } },
      { id: 'offlineEmbeddings_0' },
      {
        id: 'embeddedVectorStore_0',
        inputs: { collectionName: 'unused', document: [ref('plainText_0')], embeddings: ref('offlineEmbeddings_0') },
      },
    ]
    await expect(upsertOf(flow)).rejects.toThrow('plainText_0 (plainText_0): Write or paste the text')
  })
})
