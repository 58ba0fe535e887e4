import type { SourceDocument } from '@weft/core'
import { describe, expect, it } from 'vitest'
import type { Retriever } from '../documents/retriever.js'
import { offlineChatModel } from '../providers/offline-model.js'
import { answerOf, promptLines, recordingOfflineModel, runNode, testRun } from '../runtime/test-run.js'
import retrievalQAChain from './retrieval-qa-chain.node.js'

const found: SourceDocument[] = [
  { pageContent: 'Refunds are possible within 30 days of purchase.', metadata: { source: 'handbook', row: 2 } },
  { pageContent: 'Support answers e-mails within one working day.', metadata: { source: 'handbook', row: 1 } },
]

/** A retriever that finds `documents` for any question and records the questions. */
function fixedRetriever(documents: SourceDocument[]): Retriever & { queries: string[] } {
  const queries: string[] = []
  return {
    kind: 'retriever',
    label: 'Test store',
    queries,
    retrieve: async (query) => {
      queries.push(query)
      return documents
    },
  }
}

describe('Retrieval QA Chain', () => {
  it('retrieves for the question, shows the sources, and answers from them as it streams', async () => {
    const run = testRun({ question: 'How long do I have to ask for a refund?' })
    const { model, calls } = recordingOfflineModel()
    const retriever = fixedRetriever(found)
    const chain = await runNode(retrievalQAChain, { model, vectorStoreRetriever: retriever }, run, { isEnding: true })
    const answer = await answerOf(chain, run)

    expect(retriever.queries).toEqual(['How long do I have to ask for a refund?'])
    expect(run.events[0]).toEqual({ event: 'sourceDocuments', data: found })
    expect(answer.text).toBe('Refunds are possible within 30 days of purchase.')
    expect(run.streamed()).toBe(answer.text)
    expect(answer.sourceDocuments).toEqual(found)
    expect(promptLines(calls[0]!)).toEqual([
      'system: Use the context below to answer the question. If you cannot find the answer in it, say that you do not ' +
        'know; do not make up an answer.\n\n---\n\nRefunds are possible within 30 days of purchase.\n\n---\n\n' +
        'Support answers e-mails within one working day.',
      'user: How long do I have to ask for a refund?',
    ])
  })

  it('keeps the sources to itself when Return Source Documents is off', async () => {
    const run = testRun({ question: 'When does support answer?' })
    const chain = await runNode(
      retrievalQAChain,
      { model: offlineChatModel, vectorStoreRetriever: fixedRetriever(found), returnSourceDocuments: false },
      run,
      { isEnding: true },
    )
    const answer = await answerOf(chain, run)
    expect(answer.text).toBe('Support answers e-mails within one working day.')
    expect(answer.sourceDocuments).toBeUndefined()
    expect(run.events.some((event) => event.event === 'sourceDocuments')).toBe(false)
  })

  it('asks for a model and a retriever when they are not connected', async () => {
    await expect(runNode(retrievalQAChain, { vectorStoreRetriever: fixedRetriever(found) }, testRun())).rejects.toThrow(
      'Connect a chat model to Language Model.',
    )
    await expect(runNode(retrievalQAChain, { model: offlineChatModel }, testRun())).rejects.toThrow(
      'Connect a vector store to Vector Store Retriever.',
    )
  })
})
