import { describe, expect, it } from 'vitest'
import { outsideReferences, referenceProblem, type WorkspaceRecords } from './bundle-references.js'
import { readBundle, type IncomingBundle } from './read-bundle.js'

const FLOW_DATA = '{"nodes":[],"edges":[]}'
const none: WorkspaceRecords = { flowIds: new Set(), messageIds: new Set(), ratedMessageIds: new Set() }

function bundleOf(groups: Record<string, unknown[]>): IncomingBundle {
  const read = readBundle(groups, '2026-01-01T00:00:00.000Z')
  if (!read.ok) throw new Error(read.message)
  return read.bundle
}

const flow = (id: string) => ({ id, name: id, flowData: FLOW_DATA })
const message = (id: string, chatflowid: string) => ({ id, role: 'apiMessage', chatflowid, chatId: 'c' })
const feedback = (id: string, messageId: string, chatflowid = 'f1') => ({
  id,
  chatflowid,
  chatId: 'c',
  messageId,
  rating: 'THUMBS_UP',
})
const store = (id: string, loaderIds: string[]) => ({
  id,
  name: id,
  loaders: JSON.stringify(loaderIds.map((loader) => ({ id: loader, loaderId: 'plainText' }))),
})

describe('referenceProblem', () => {
  it('accepts records that refer to each other or to what the workspace holds', () => {
    const bundle = bundleOf({
      ChatFlow: [flow('f1')],
      ChatMessage: [message('m1', 'f1'), message('m2', 'ws-flow')],
      ChatMessageFeedback: [feedback('fb1', 'm1'), feedback('fb2', 'ws-message')],
      Execution: [{ id: 'e1', executionData: '[]', state: 'FINISHED', agentflowId: 'f1', sessionId: 's' }],
      DocumentStore: [store('s1', ['l1'])],
      DocumentStoreFileChunk: [{ id: 'c1', docId: 'l1', storeId: 's1', chunkNo: 0 }],
    })
    expect(outsideReferences(bundle)).toEqual({ flowIds: ['ws-flow'], messageIds: ['ws-message'] })
    const workspace = { ...none, flowIds: new Set(['ws-flow']), messageIds: new Set(['ws-message']) }
    expect(referenceProblem(bundle, workspace)).toBeUndefined()
  })

  it('names a reference to a record that is nowhere', () => {
    expect(referenceProblem(bundleOf({ ChatMessage: [message('m1', 'gone')] }), none)).toBe(
      'ChatMessage[0].chatflowid: no flow gone is in the file or in this workspace',
    )
    expect(
      referenceProblem(bundleOf({ ChatFlow: [flow('f1')], ChatMessageFeedback: [feedback('fb', 'gone')] }), none),
    ).toBe('ChatMessageFeedback[0].messageId: no message gone is in the file or in this workspace')
    expect(
      referenceProblem(
        bundleOf({ Execution: [{ id: 'e', executionData: '[]', state: 'ERROR', agentflowId: 'x', sessionId: 's' }] }),
        none,
      ),
    ).toBe('Execution[0].agentflowId: no flow x is in the file or in this workspace')
    expect(
      referenceProblem(
        bundleOf({ DocumentStoreFileChunk: [{ id: 'c', docId: 'l', storeId: 'gone', chunkNo: 0 }] }),
        none,
      ),
    ).toBe('DocumentStoreFileChunk[0].storeId: no document store gone is in the file')
    expect(
      referenceProblem(
        bundleOf({
          DocumentStore: [store('s1', ['l1'])],
          DocumentStoreFileChunk: [{ id: 'c', docId: 'l9', storeId: 's1', chunkNo: 0 }],
        }),
        none,
      ),
    ).toBe('DocumentStoreFileChunk[0].docId: the document store s1 has no loader l9')
  })

  it('refuses an id used twice for one kind of record, across the flow groups too', () => {
    expect(referenceProblem(bundleOf({ ChatFlow: [flow('f1')], AgentFlowV2: [flow('f1')] }), none)).toBe(
      'AgentFlowV2[0].id: f1 is also the id of ChatFlow[0]',
    )
    expect(referenceProblem(bundleOf({ DocumentStore: [store('s1', ['l1']), store('s2', ['l1'])] }), none)).toBe(
      'DocumentStore[1].loaders[0].id: l1 is also the id of DocumentStore[0].loaders[0]',
    )
    // A flow and an assistant may share an id (a custom assistant and its flow).
    const assistant = { id: 'f1', details: '{}' }
    expect(
      referenceProblem(bundleOf({ AssistantFlow: [flow('f1')], AssistantCustom: [assistant] }), none),
    ).toBeUndefined()
  })

  it('allows one feedback per answer', () => {
    const bundle = bundleOf({
      ChatFlow: [flow('f1')],
      ChatMessage: [message('m1', 'f1')],
      ChatMessageFeedback: [feedback('a', 'm1'), feedback('b', 'm1')],
    })
    expect(referenceProblem(bundle, none)).toBe(
      'ChatMessageFeedback[1].messageId: ChatMessageFeedback[0] rates the same message',
    )
    const rated = { flowIds: new Set(['f1']), messageIds: new Set(['old']), ratedMessageIds: new Set(['old']) }
    expect(referenceProblem(bundleOf({ ChatMessageFeedback: [feedback('a', 'old')] }), rated)).toBe(
      'ChatMessageFeedback[0].messageId: the message already has feedback',
    )
  })
})
