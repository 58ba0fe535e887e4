import type { FlowData, RunEvent } from '@weft/core'
import { listTemplates, nodes } from '@weft/nodes'
import { describe, expect, it } from 'vitest'
import { testRun, testServices } from '../testing/test-flow.js'
import { collectAnswer } from './collect-answer.js'
import { isStreamable } from './is-streamable.js'
import { runChatflow } from './run-chatflow.js'

// The built-in template through the real catalogue: plain text → splitter → embedded vector store
// ← hashing embeddings, then retrieval QA chain ← built-in responder. No key, no network.
async function documentQa(): Promise<FlowData> {
  const template = (await listTemplates()).find((candidate) => candidate.templateName === 'Document Q&A')
  if (!template) throw new Error('The Document Q&A template is missing')
  return JSON.parse(template.flowData) as FlowData
}

async function ask(flowData: FlowData, question: string): Promise<RunEvent[]> {
  const events: RunEvent[] = []
  for await (const event of runChatflow(testRun(flowData, { question }), testServices([...nodes]))) events.push(event)
  return events
}

const replay = (events: RunEvent[]) =>
  collectAnswer(
    (async function* () {
      yield* events
    })(),
  )

describe('the Document Q&A template', () => {
  it('answers from its text, quoting the sentence that answers, with the passages it used', async () => {
    const flowData = await documentQa()
    expect(isStreamable(flowData, nodes)).toBe(true)
    const events = await ask(flowData, 'How long do I have to ask for a refund?')
    const names = events.map((event) => event.event)
    expect(names[0]).toBe('start')
    expect(names.slice(-2)).toEqual(['metadata', 'end'])
    expect(names.indexOf('sourceDocuments')).toBeLessThan(names.indexOf('token'))
    expect(names.filter((name) => name === 'token').length).toBeGreaterThan(1)

    const answer = await replay(events)
    expect(answer.error).toBeUndefined()
    expect(answer.text).toBe('Refunds are possible within 30 days of purchase.')
    expect(answer.sourceDocuments.length).toBeGreaterThan(0)
    expect(answer.sourceDocuments[0]!.pageContent).toContain('Refunds are possible within 30 days of purchase.')
    expect(answer.sourceDocuments[0]!.metadata).toMatchObject({ source: 'Plain Text' })
  })

  it('answers another question from another sentence, the same way every time', async () => {
    const flowData = await documentQa()
    const first = await replay(await ask(flowData, 'When is team lunch?'))
    const again = await replay(await ask(flowData, 'When is team lunch?'))
    expect(first.text).toBe('Team lunch is on Thursdays.')
    expect(again).toEqual(first)
  })
})
