import type { SourceDocument } from '@weft/core'
import { describe, expect, it } from 'vitest'
import type { RetrieveRequest } from '../index.js'
import retriever from './retriever-agentflow.node.js'
import { runStep, testStep } from './testing/test-step.js'

const documents: SourceDocument[] = [
  { pageContent: 'Refunds take 5 days.', metadata: { source: 'faq.md' } },
  { pageContent: 'Pro costs 20 euros.', metadata: { source: 'pricing.md', page: 2 } },
]

function setUp(inputs: Record<string, unknown>, isLastStep = false) {
  const requests: RetrieveRequest[] = []
  const step = testStep(retriever, {
    inputs,
    isLastStep,
    run: {
      question: 'How long do refunds take?',
      retrieve: async (request) => {
        requests.push(request)
        return documents
      },
    },
  })
  return { step, requests, result: runStep(retriever, step) }
}

describe('Retriever step', () => {
  it('searches the picked stores for the query and gives the passages as text and as documents', async () => {
    const { step, requests, result } = setUp({
      retrieverKnowledgeDocumentStores: ['store-a', 'store-b'],
      retrieverQuery: 'refunds',
    })
    const { output } = await result
    expect(requests).toEqual([{ storeIds: ['store-a', 'store-b'], query: 'refunds' }])
    expect(output).toEqual({ content: 'Refunds take 5 days.\n\nPro costs 20 euros.', sourceDocuments: documents })
    expect(step.events).toEqual([{ event: 'sourceDocuments', data: documents }])
  })

  it('adds each passage’s metadata when asked, and streams the text when it ends the flow', async () => {
    const { step, result } = setUp(
      { retrieverKnowledgeDocumentStores: ['store-a'], outputFormat: 'textWithMetadata' },
      true,
    )
    const { output } = await result
    expect(output.content).toBe(
      'Refunds take 5 days.\nMetadata: {"source":"faq.md"}\n\nPro costs 20 euros.\nMetadata: {"source":"pricing.md","page":2}',
    )
    expect(step.streamed()).toBe(output.content)
  })

  it('asks the question when the query is empty', async () => {
    const { requests, result } = setUp({ retrieverKnowledgeDocumentStores: ['store-a'], retrieverQuery: '' })
    await result
    expect(requests[0]!.query).toBe('How long do refunds take?')
  })

  it('reads the stores as Flowise saves them: "<id>:<name>" texts, rows of them, or their JSON text', async () => {
    for (const stores of [
      '["store-a:FAQ", "store-b:Pricing"]',
      [{ documentStore: 'store-a:FAQ' }, { documentStore: 'store-b:Pricing' }],
      ['store-a:FAQ', 'store-b:Pricing', 'store-a'],
    ]) {
      const { requests, result } = setUp({ retrieverKnowledgeDocumentStores: stores })
      await result
      expect(requests[0]!.storeIds, JSON.stringify(stores)).toEqual(['store-a', 'store-b'])
    }
    const single = setUp({ retrieverKnowledgeDocumentStores: 'store-c' })
    await single.result
    expect(single.requests[0]!.storeIds).toEqual(['store-c'])
  })

  it('fails clearly without a store', async () => {
    await expect(setUp({ retrieverKnowledgeDocumentStores: [] }).result).rejects.toThrow(
      'Knowledge (Document Stores) is empty: pick the stores to search.',
    )
  })
})
