import type { SourceDocument } from '@weft/core'
import { describe, expect, it } from 'vitest'
import type { Retriever } from '../documents/retriever.js'
import type { Tool } from '../providers/chat-model.js'
import { runNode, testRun } from '../runtime/test-run.js'
import retrieverTool from './retriever-tool.node.js'

const documents: SourceDocument[] = [
  { pageContent: 'Refunds are possible within 30 days.', metadata: { source: 'handbook' } },
  { pageContent: 'Gift cards cannot be refunded.', metadata: { source: 'handbook' } },
]

const retriever: Retriever = {
  kind: 'retriever',
  label: 'Test store',
  retrieve: async (query) => (query.includes('refund') ? documents : []),
}

const signal = new AbortController().signal
const inputs = { name: 'search_handbook', description: 'Searches the handbook', retriever }

describe('Retriever Tool', () => {
  it('is a tool the agent calls with what to search for, answering with the passages found', async () => {
    const tool = (await runNode(retrieverTool, inputs, testRun())) as Tool
    expect(tool).toMatchObject({ kind: 'tool', name: 'search_handbook', description: 'Searches the handbook' })
    expect(tool.inputSchema).toMatchObject({ required: ['input'] })
    expect(await tool.execute({ input: 'refund rules' }, signal)).toBe(
      'Refunds are possible within 30 days.\n\nGift cards cannot be refunded.',
    )
    expect(await tool.execute({ input: 'parking' }, signal)).toBe('No passages were found.')
  })

  it('shows the passages as source documents when Return Source Documents is on', async () => {
    const run = testRun()
    const tool = (await runNode(retrieverTool, { ...inputs, returnSourceDocuments: true }, run)) as Tool
    await tool.execute({ input: 'refund' }, signal)
    expect(run.events).toEqual([{ event: 'sourceDocuments', data: documents }])
  })

  it('needs a usable name, a description and a retriever', async () => {
    await expect(runNode(retrieverTool, { ...inputs, name: 'search the handbook' }, testRun())).rejects.toThrow(
      'Retriever Name "search the handbook" cannot be used',
    )
    await expect(runNode(retrieverTool, { ...inputs, description: '' }, testRun())).rejects.toThrow(
      'Write a Retriever Description',
    )
    await expect(runNode(retrieverTool, { ...inputs, retriever: '' }, testRun())).rejects.toThrow(
      'Connect a vector store to Retriever.',
    )
  })
})
