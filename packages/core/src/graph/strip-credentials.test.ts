import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { sanitizeFlowForExport, stripCredentials, stripFlowCredentials } from './strip-credentials.js'
import { chatOpenAI, deepFreeze, fileLoader, flowOf, makeNode } from './test-fixtures.js'
import { randomFlow } from './test-flows.js'

function withCredential() {
  const node = makeNode(chatOpenAI, 'chatOpenAI_0')
  const inputs = { ...node.data.inputs, credential: 'cred-1', FLOWISE_CREDENTIAL_ID: 'cred-1', apiKey: 'sk-secret' }
  return deepFreeze({ ...node, data: { ...node.data, credential: 'cred-1', inputs } })
}

describe('stripCredentials (SPEC §5)', () => {
  it('removes the credential id from the node and its inputs, and keeps the rest', () => {
    const node = stripCredentials(withCredential())
    expect(node.data.credential).toBeUndefined()
    expect(node.data.inputs).toEqual({ modelName: 'gpt-4o-mini', temperature: 0.9, apiKey: 'sk-secret' })
    expect(node.data.inputParams[0]!.name).toBe('credential')
  })

  it('strips every node of a flow', () => {
    const flow = stripFlowCredentials(flowOf([withCredential(), withCredential()]))
    expect(JSON.stringify(flow)).not.toContain('cred-1')
  })

  it('property: no credential field survives, whatever the flow', () => {
    fc.assert(
      fc.property(randomFlow(), fc.string(), (flow, id) => {
        const nodes = flow.nodes.map((node) => ({
          ...node,
          data: {
            ...node.data,
            credential: id,
            inputs: { ...node.data.inputs, credential: id, FLOWISE_CREDENTIAL_ID: id },
          },
        }))
        for (const node of stripFlowCredentials(deepFreeze({ ...flow, nodes })).nodes) {
          expect('credential' in node.data).toBe(false)
          expect(Object.keys(node.data.inputs)).not.toContain('credential')
          expect(Object.keys(node.data.inputs)).not.toContain('FLOWISE_CREDENTIAL_ID')
        }
      }),
    )
  })
})

describe('sanitizeFlowForExport (SPEC §3)', () => {
  it('also empties password, file and folder inputs', () => {
    const loader = makeNode(fileLoader, 'fileLoader_0')
    const withFiles = {
      ...loader,
      data: { ...loader.data, inputs: { file: 'data:text/plain;base64,eA==', folder: '/home/me' } },
    }
    const flow = sanitizeFlowForExport(deepFreeze(flowOf([withCredential(), withFiles])))
    expect(flow.nodes[0]!.data.inputs).toEqual({ modelName: 'gpt-4o-mini', temperature: 0.9, apiKey: '' })
    expect(flow.nodes[0]!.data.credential).toBeUndefined()
    expect(flow.nodes[1]!.data.inputs).toEqual({ file: '', folder: '' })
  })
})
