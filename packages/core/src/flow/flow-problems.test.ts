import { describe, expect, it } from 'vitest'
import { CANNOT_RUN_BADGE } from './cannot-run.js'
import { flowProblems } from './flow-problems.js'

const descriptors = [
  { name: 'chatOpenAI', label: 'ChatOpenAI', credential: { label: 'Key', credentialNames: ['openAIApi'] } },
  { name: 'chatOffline', label: 'Built-in Responder' },
  {
    name: 'chatOllama',
    label: 'ChatOllama',
    credential: { label: 'Key', credentialNames: ['ollamaApi'], optional: true },
  },
  { name: 'oldNode', label: 'Old Node', badge: CANNOT_RUN_BADGE },
]
const check = { descriptors, credentialIds: new Set(['cred-1']) }

describe('flowProblems', () => {
  it('finds nothing wrong with a flow that can run', () => {
    const nodes = [
      { id: 'a', data: { name: 'chatOpenAI', credential: 'cred-1' } },
      { id: 'b', data: { name: 'chatOffline' } },
      { id: 'c', data: { name: 'chatOllama' } },
      { id: 'n', type: 'stickyNote', data: { name: 'stickyNote' } },
    ]
    expect(flowProblems(nodes, check)).toEqual([])
  })

  it('lists every problem, each naming its node', () => {
    const nodes = [
      { id: 'pinecone_0', data: { name: 'pinecone', label: 'Pinecone' } },
      { id: 'oldNode_0', data: { name: 'oldNode' } },
      { id: 'chatOpenAI_0', data: { name: 'chatOpenAI', label: 'ChatOpenAI' } },
      { id: 'chatOpenAI_1', data: { name: 'chatOpenAI', inputs: { FLOWISE_CREDENTIAL_ID: 'gone' } } },
    ]
    expect(flowProblems(nodes, check)).toEqual([
      'Pinecone (pinecone_0): this version of Weft has no node "pinecone"; replace it with one it has',
      'Old Node (oldNode_0): Old Node cannot run in this version of Weft yet',
      'ChatOpenAI (chatOpenAI_0): choose a credential (openAIApi)',
      'ChatOpenAI (chatOpenAI_1): its credential no longer exists in this workspace; choose another',
    ])
  })
})
