import { describe, expect, it } from 'vitest'
import { readBundle, type BundleRead } from './read-bundle.js'

const NOW = '2026-02-01T00:00:00.000Z'
const FLOW_DATA = JSON.stringify({
  nodes: [
    { id: 'a_0', data: {} },
    { id: 'b_0', data: {} },
  ],
  edges: [{ id: 'e', source: 'a_0', target: 'b_0' }],
})

const flow = (fields: Record<string, unknown> = {}) => ({ id: 'f1', name: 'Support', flowData: FLOW_DATA, ...fields })
const problem = (read: BundleRead) => (read.ok ? undefined : read.message)

describe('readBundle', () => {
  it('reads the groups it knows, fills what is absent, and ignores unknown groups', () => {
    const read = readBundle({ ChatFlow: [flow()], Tool: [], Plugins: [1, 2], FileDefaultName: 'ExportData.json' }, NOW)
    if (!read.ok) throw new Error(read.message)
    expect(read.bundle.ChatFlow).toEqual([
      {
        id: 'f1',
        name: 'Support',
        flowData: FLOW_DATA,
        deployed: false,
        isPublic: false,
        apikeyid: null,
        chatbotConfig: null,
        apiConfig: null,
        analytic: null,
        speechToText: null,
        followUpPrompts: null,
        category: null,
        type: 'CHATFLOW',
        createdDate: NOW,
        updatedDate: NOW,
      },
    ])
    expect(read.bundle.AgentFlowV2).toEqual([])
    expect('Plugins' in read.bundle).toBe(false)
  })

  it('takes the flow type from the group, and keeps dates as ISO-8601 UTC', () => {
    const read = readBundle(
      { AgentFlowV2: [flow({ type: 'CHATFLOW', createdDate: '2025-04-01T12:00:00+02:00' })] },
      NOW,
    )
    if (!read.ok) throw new Error(read.message)
    expect(read.bundle.AgentFlowV2[0]).toMatchObject({ type: 'AGENTFLOW', createdDate: '2025-04-01T10:00:00.000Z' })
  })

  it('refuses what is not a bundle', () => {
    expect(problem(readBundle([1], NOW))).toMatch(/must hold a JSON object of groups/)
    expect(problem(readBundle({ nodes: [], edges: [] }, NOW))).toMatch(/holds none of the groups of an export/)
    expect(problem(readBundle({ ChatFlow: {} }, NOW))).toBe('ChatFlow must be a list of records')
  })

  it('names the group, the index and the field of a wrong record', () => {
    expect(problem(readBundle({ ChatFlow: [flow(), 7] }, NOW))).toBe('ChatFlow[1]: must be an object')
    expect(problem(readBundle({ ChatFlow: [flow({ name: 42 })] }, NOW))).toBe('ChatFlow[0].name: must be text')
    expect(problem(readBundle({ ChatFlow: [flow({ deployed: 'yes' })] }, NOW))).toBe(
      'ChatFlow[0].deployed: must be true or false',
    )
    expect(problem(readBundle({ Tool: [{ id: 't', name: '' }] }, NOW))).toBe('Tool[0].name: is required')
    expect(problem(readBundle({ Variable: [{ id: 'v', name: 'a-b' }] }, NOW))).toMatch(
      /^Variable\[0\]\.name: must start with a letter/,
    )
    expect(
      problem(
        readBundle(
          { Execution: [{ id: 'e', executionData: '[]', state: 'DONE', agentflowId: 'f', sessionId: 's' }] },
          NOW,
        ),
      ),
    ).toBe('Execution[0].state: must be one of INPROGRESS, FINISHED, ERROR, TERMINATED, TIMEOUT, STOPPED')
    expect(
      problem(readBundle({ DocumentStoreFileChunk: [{ id: 'c', docId: 'l', storeId: 's', chunkNo: -1 }] }, NOW)),
    ).toBe('DocumentStoreFileChunk[0].chunkNo: must be a whole number, 0 or more')
    expect(
      problem(
        readBundle(
          { ChatMessage: [{ id: 'm', role: 'userMessage', chatflowid: 'f', chatId: 'c', createdDate: 'soon' }] },
          NOW,
        ),
      ),
    ).toMatch(/^ChatMessage\[0\]\.createdDate: must be a date/)
  })

  it('refuses a flow whose flowData does not parse or whose edges join missing nodes', () => {
    expect(problem(readBundle({ ChatFlow: [flow({ flowData: '{"nodes": [' })] }, NOW))).toMatch(
      /^ChatFlow\[0\]\.flowData: is not valid JSON/,
    )
    const dangling = JSON.stringify({ nodes: [{ id: 'a_0', data: {} }], edges: [{ source: 'a_0', target: 'gone_1' }] })
    expect(problem(readBundle({ AgentFlow: [flow({ flowData: dangling })] }, NOW))).toBe(
      'AgentFlow[0].flowData: edges[0] has target "gone_1", which is not a node of the flow',
    )
    expect(problem(readBundle({ ChatFlow: [flow({ flowData: '{"nodes":[]}' })] }, NOW))).toBe(
      'ChatFlow[0].flowData: must be JSON of a flow with nodes and edges',
    )
    const template = { id: 't', name: 'T', type: 'Chatflow', flowData: '{}' }
    expect(problem(readBundle({ CustomTemplate: [template] }, NOW))).toBe(
      'CustomTemplate[0].flowData: must be JSON of a flow with nodes and edges',
    )
    expect(readBundle({ CustomTemplate: [{ ...template, type: 'Tool' }] }, NOW).ok).toBe(true)
    expect(problem(readBundle({ CustomTemplate: [{ ...template, type: 'Tool', flowData: '{' }] }, NOW))).toMatch(
      /^CustomTemplate\[0\]\.flowData: is not valid JSON/,
    )
  })

  it("reads a store's loaders from their JSON text, each belonging to the store", () => {
    const loaders = JSON.stringify([
      { id: 'l1', loaderId: 'plainText', storeId: 'elsewhere', loaderConfig: { text: 'hi' } },
    ])
    const read = readBundle({ DocumentStore: [{ id: 's1', name: 'Docs', loaders }] }, NOW)
    if (!read.ok) throw new Error(read.message)
    expect(read.bundle.DocumentStore[0]!.loaders).toEqual([
      {
        id: 'l1',
        storeId: 's1',
        loaderId: 'plainText',
        loaderName: '',
        loaderConfig: { text: 'hi' },
        totalChunks: 0,
        totalChars: 0,
        status: 'NEW',
        createdDate: NOW,
        updatedDate: NOW,
      },
    ])
    expect(problem(readBundle({ DocumentStore: [{ id: 's1', name: 'Docs', loaders: '{}' }] }, NOW))).toBe(
      'DocumentStore[0].loaders: must be JSON text of a list',
    )
    expect(problem(readBundle({ DocumentStore: [{ id: 's1', name: 'Docs', loaders: '[{"id":"l1"}]' }] }, NOW))).toBe(
      'DocumentStore[0].loaders[0].loaderId: is required',
    )
  })
})

describe('readBundle of Flowise tools', () => {
  it('keeps a gradient colour that is one character too long for the column, without its spaces', () => {
    const color = 'linear-gradient(rgb(255,255,255), rgb(255,255,255))'
    const read = readBundle({ Tool: [{ id: 't', name: 'lookup', color }] }, NOW)
    if (!read.ok) throw new Error(read.message)
    expect(read.bundle.Tool[0]!.color).toBe('linear-gradient(rgb(255,255,255),rgb(255,255,255))')
  })
})
