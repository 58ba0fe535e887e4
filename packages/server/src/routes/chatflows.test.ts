import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testDialects } from '../test/dialects.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { addWorkspace, builtInRoleId, createRole, signInMember, switchWorkspace } from '../test/workspace-members.js'

const FLOW_DATA = JSON.stringify({
  nodes: [
    {
      id: 'chatOpenAI_0',
      type: 'customNode',
      position: { x: 10, y: 20 },
      data: { id: 'chatOpenAI_0', name: 'chatOpenAI' },
    },
  ],
  edges: [],
  viewport: { x: 0, y: 0, zoom: 1 },
})

describe.each(testDialects())('flows on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  beforeEach(async () => {
    t = await startTestApp({ dialect, env: { PLATFORM_TYPE: 'enterprise' } })
    admin = await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  const create = (b: Browser, body: Record<string, unknown>) => b.post('/api/v1/chatflows', body)

  it('creates, lists, reads, updates and deletes a flow', async () => {
    const me = (await admin.get('/api/v1/user')).body
    const created = await create(admin, { name: '  Support bot ', type: 'CHATFLOW' })
    expect(created.status).toBe(201)
    const flow = created.body
    expect(flow).toMatchObject({
      name: 'Support bot',
      type: 'CHATFLOW',
      deployed: false,
      isPublic: false,
      category: null,
      chatbotConfig: null,
      apiConfig: null,
      workspaceId: me.activeWorkspaceId,
    })
    expect(JSON.parse(flow.flowData)).toEqual({ nodes: [], edges: [], viewport: { x: 0, y: 0, zoom: 1 } })

    expect((await admin.get('/api/v1/chatflows')).body).toEqual([flow])
    expect((await admin.get(`/api/v1/chatflows/${flow.id}`)).body).toEqual(flow)

    const updated = await admin.put(`/api/v1/chatflows/${flow.id}`, {
      name: 'Helpdesk',
      flowData: FLOW_DATA,
      chatbotConfig: '{"welcomeMessage":"Hi"}',
    })
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({
      id: flow.id,
      name: 'Helpdesk',
      flowData: FLOW_DATA,
      chatbotConfig: '{"welcomeMessage":"Hi"}',
      createdDate: flow.createdDate,
    })
    expect(updated.body.updatedDate >= flow.updatedDate).toBe(true)
    expect((await admin.get(`/api/v1/chatflows/${flow.id}`)).body).toEqual(updated.body)

    expect(await admin.delete(`/api/v1/chatflows/${flow.id}`)).toMatchObject({ status: 200, body: { id: flow.id } })
    expect((await admin.get(`/api/v1/chatflows/${flow.id}`)).status).toBe(404)
    expect((await admin.get('/api/v1/chatflows')).body).toEqual([])
  })

  it('lists chatflows by default and several types on request', async () => {
    for (const type of ['CHATFLOW', 'AGENTFLOW', 'MULTIAGENT', 'ASSISTANT']) await create(admin, { name: type, type })
    const names = async (query: string) =>
      (await admin.get(`/api/v1/chatflows${query}`)).body.map((f: { name: string }) => f.name).sort()
    expect(await names('')).toEqual(['CHATFLOW'])
    expect(await names('?type=AGENTFLOW,MULTIAGENT')).toEqual(['AGENTFLOW', 'MULTIAGENT'])
    expect(await names('?type=ASSISTANT')).toEqual(['ASSISTANT'])
    const bad = await admin.get('/api/v1/chatflows?type=AGENTFLOW,WORKFLOW')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe(
      'querystring.type: must be CHATFLOW, MULTIAGENT, AGENTFLOW, ASSISTANT or a comma-separated list of them',
    )
  })

  it('refuses bad input, naming the field, and writes nothing', async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ name: '   ', type: 'CHATFLOW' }, 'body.name: is required'],
      [{ name: 'x'.repeat(256), type: 'CHATFLOW' }, 'body.name: must be at most 255 characters'],
      [{ name: 'Flow', type: 'WORKFLOW' }, 'body.type: must be one of CHATFLOW, MULTIAGENT, AGENTFLOW, ASSISTANT'],
      [
        { name: 'Flow', type: 'CHATFLOW', flowData: '{"nodes":[]}' },
        'body.flowData: must be JSON of a flow with nodes and edges',
      ],
      [
        { name: 'Flow', type: 'CHATFLOW', flowData: 'not json' },
        'body.flowData: must be JSON of a flow with nodes and edges',
      ],
      [
        { name: 'Flow', type: 'CHATFLOW', chatbotConfig: '[1]' },
        'body.chatbotConfig: must be JSON text of an object, or null',
      ],
    ]
    for (const [body, message] of refusals) {
      const res = await create(admin, body)
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(message)
    }
    expect((await admin.get('/api/v1/chatflows')).body).toEqual([])

    const flow = (await create(admin, { name: 'Kept', type: 'CHATFLOW', flowData: FLOW_DATA })).body
    const badUpdate = await admin.put(`/api/v1/chatflows/${flow.id}`, { name: 'Changed', flowData: '{"edges":[]}' })
    expect(badUpdate.body.message).toBe('body.flowData: must be JSON of a flow with nodes and edges')
    expect((await admin.get(`/api/v1/chatflows/${flow.id}`)).body).toEqual(flow)
  })

  it('changes a flow’s type only within its permission family', async () => {
    const flow = (await create(admin, { name: 'Bot', type: 'CHATFLOW' })).body
    const moved = await admin.put(`/api/v1/chatflows/${flow.id}`, { type: 'AGENTFLOW' })
    expect(moved.status).toBe(400)
    expect(moved.body.message).toBe('body.type: a flow cannot move from chatflows to agentflows')
    expect((await admin.put(`/api/v1/chatflows/${flow.id}`, { type: 'ASSISTANT' })).body.type).toBe('ASSISTANT')
  })

  it('keeps each workspace’s flows to itself', async () => {
    const me = (await admin.get('/api/v1/user')).body
    const mine = (await create(admin, { name: 'Mine', type: 'CHATFLOW' })).body
    const otherId = await addWorkspace(t, admin)

    await switchWorkspace(admin, otherId)
    expect((await admin.get('/api/v1/chatflows')).body).toEqual([])
    expect((await admin.get(`/api/v1/chatflows/${mine.id}`)).status).toBe(404)
    expect((await admin.put(`/api/v1/chatflows/${mine.id}`, { name: 'Taken' })).status).toBe(404)
    expect((await admin.delete(`/api/v1/chatflows/${mine.id}`)).status).toBe(404)
    const theirs = (await create(admin, { name: 'Theirs', type: 'CHATFLOW' })).body
    expect(theirs.workspaceId).toBe(otherId)

    await switchWorkspace(admin, me.activeWorkspaceId)
    expect((await admin.get('/api/v1/chatflows')).body).toEqual([mine])
  })

  it('lets a viewer list and read flows but not create, change or delete them', async () => {
    const chatflow = (await create(admin, { name: 'Chat', type: 'CHATFLOW' })).body
    const agentflow = (await create(admin, { name: 'Agent', type: 'AGENTFLOW' })).body
    const viewer = await signInMember(t, admin, await builtInRoleId(t, 'viewer'))

    expect((await viewer.get('/api/v1/chatflows')).body).toEqual([chatflow])
    expect((await viewer.get('/api/v1/chatflows?type=AGENTFLOW,MULTIAGENT')).body).toEqual([agentflow])
    expect((await viewer.get(`/api/v1/chatflows/${agentflow.id}`)).status).toBe(200)

    expect((await create(viewer, { name: 'Mine', type: 'CHATFLOW' })).status).toBe(403)
    expect((await viewer.put(`/api/v1/chatflows/${chatflow.id}`, { name: 'Renamed' })).status).toBe(403)
    expect((await viewer.delete(`/api/v1/chatflows/${agentflow.id}`)).status).toBe(403)
    expect((await admin.get('/api/v1/chatflows?type=CHATFLOW,AGENTFLOW')).body).toHaveLength(2)
    expect((await admin.get(`/api/v1/chatflows/${chatflow.id}`)).body.name).toBe('Chat')
  })

  it('holds agentflow permissions apart from chatflow permissions', async () => {
    const chatflow = (await create(admin, { name: 'Chat', type: 'CHATFLOW' })).body
    const roleId = await createRole(t, admin, [
      'agentflows:view',
      'agentflows:create',
      'agentflows:update',
      'agentflows:delete',
    ])
    const builder = await signInMember(t, admin, roleId)

    const agentflow = await create(builder, { name: 'Agent', type: 'AGENTFLOW' })
    expect(agentflow.status).toBe(201)
    expect((await create(builder, { name: 'Sequential', type: 'MULTIAGENT' })).status).toBe(201)
    expect((await builder.get('/api/v1/chatflows?type=AGENTFLOW,MULTIAGENT')).body).toHaveLength(2)
    expect((await builder.put(`/api/v1/chatflows/${agentflow.body.id}`, { name: 'Agent 2' })).body.name).toBe('Agent 2')

    expect((await create(builder, { name: 'Chat', type: 'CHATFLOW' })).status).toBe(403)
    expect((await builder.get('/api/v1/chatflows')).status).toBe(403)
    expect((await builder.get(`/api/v1/chatflows/${chatflow.id}`)).status).toBe(403)
    expect((await builder.put(`/api/v1/chatflows/${chatflow.id}`, { name: 'Mine now' })).status).toBe(403)
    expect((await builder.delete(`/api/v1/chatflows/${chatflow.id}`)).status).toBe(403)
    expect((await admin.get(`/api/v1/chatflows/${chatflow.id}`)).body).toEqual(chatflow)
  })
})
