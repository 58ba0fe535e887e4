import type { ExecutedStep, Execution, Flow } from '@weft/core'
import type { ExecutionStore } from '@weft/engine'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { executionStore } from '../services/executions.service.js'
import { testDialects } from '../test/dialects.js'
import { createFlow } from '../test/flows.js'
import { browser, setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { addWorkspace, builtInRoleId, createRole, signInMember, switchWorkspace } from '../test/workspace-members.js'

const EMPTY_FLOW = JSON.stringify({ nodes: [], edges: [] })

const llmStep: ExecutedStep = {
  nodeId: 'llmAgentflow_0',
  nodeLabel: 'LLM',
  data: {
    id: 'llmAgentflow_0',
    name: 'llmAgentflow',
    input: {
      llmModel: 'chatOpenAI',
      llmModelConfig: { credential: 'cred-123', FLOWISE_CREDENTIAL_ID: 'cred-123', modelName: 'gpt-4o-mini' },
      llmMessages: [{ role: 'system', content: 'Be brief' }],
    },
    output: { content: 'Hello there' },
    state: {},
  },
  previousNodeIds: ['startAgentflow_0'],
  status: 'FINISHED',
}

describe.each(testDialects())('executions API on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  let flow: Flow
  let store: ExecutionStore
  beforeEach(async () => {
    t = await startTestApp({ dialect, env: { PLATFORM_TYPE: 'enterprise' } })
    admin = await setUpAdmin(t.app)
    flow = await createFlow(admin, EMPTY_FLOW, { type: 'AGENTFLOW', name: 'Email writer' })
    store = executionStore({ db: t.db, config: t.config }, flow.workspaceId)
  })
  afterEach(() => t.close())

  /** An execution of the flow created at the given time. */
  const execution = async (createdAt: string, sessionId = 'session-1', of: Flow = flow) => {
    const id = await store.create({ agentflowId: of.id, sessionId })
    await t.db.updateTable('executions').set({ created_at: createdAt }).where('id', '=', id).execute()
    return id
  }
  const ids = (list: { data: Execution[] }) => list.data.map((e) => e.id)
  const bulkDelete = (b: Browser, executionIds: unknown) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/v1/executions',
      payload: { executionIds },
      cookies: Object.fromEntries(b.jar),
    })

  it('lists executions newest first with their flow, filtered and paged, never with a checkpoint', async () => {
    const other = await createFlow(admin, EMPTY_FLOW, { type: 'AGENTFLOW', name: 'Researcher' })
    const first = await execution('2026-03-01T10:00:00.000Z')
    const second = await execution('2026-03-02T10:00:00.000Z', 'session-2')
    const third = await execution('2026-03-03T10:00:00.000Z', 'session-1', other)
    await store.update(second, {
      state: 'FINISHED',
      executionData: [llmStep],
      checkpoint: { question: 'secret' } as never,
    })

    const all = await admin.get('/api/v1/executions')
    expect(all.status).toBe(200)
    expect(all.body.total).toBe(3)
    expect(ids(all.body)).toEqual([third, second, first])
    expect(all.body.data[0].agentflow).toEqual({ id: other.id, name: 'Researcher' })
    expect(all.body.data[1]).toMatchObject({
      id: second,
      agentflowId: flow.id,
      agentflow: { id: flow.id, name: 'Email writer' },
      sessionId: 'session-2',
      state: 'FINISHED',
      executionData: JSON.stringify([llmStep]),
      action: null,
      isPublic: false,
      interrupted: false,
      createdDate: '2026-03-02T10:00:00.000Z',
    })
    expect(all.body.data[1].stoppedDate).toEqual(expect.any(String))
    expect(JSON.stringify(all.body)).not.toContain('checkpoint')
    expect(JSON.stringify(all.body)).not.toContain(flow.workspaceId)

    const list = async (query: string) => (await admin.get(`/api/v1/executions?${query}`)).body
    expect(ids(await list(`agentflowId=${flow.id}`))).toEqual([second, first])
    expect(ids(await list('state=FINISHED'))).toEqual([second])
    expect(ids(await list('sessionId=session-1'))).toEqual([third, first])
    expect(ids(await list('startDate=2026-03-02&endDate=2026-03-02'))).toEqual([second])
    expect(ids(await list('endDate=2026-03-01T12:00:00Z'))).toEqual([first])
    const page2 = await list('limit=2&page=2')
    expect(page2).toMatchObject({ total: 3 })
    expect(ids(page2)).toEqual([first])
    expect(ids(await list('limit=2'))).toEqual([third, second])
  })

  it('refuses bad filters, naming the field', async () => {
    for (const [query, field] of [
      ['state=DONE', 'state'],
      ['startDate=yesterday', 'startDate'],
      ['endDate=2026-13-45', 'endDate'],
      ['page=0', 'page'],
      ['limit=abc', 'limit'],
      ['limit=100000', 'limit'],
    ] as const) {
      const res = await admin.get(`/api/v1/executions?${query}`)
      expect({ query, status: res.status }).toEqual({ query, status: 400 })
      expect(res.body.message).toContain(`querystring.${field}`)
    }
    expect((await bulkDelete(admin, 'all')).json().message).toContain('body.executionIds')
    expect(
      (await admin.put(`/api/v1/executions/${await execution('2026-03-01T00:00:00.000Z')}`, { isPublic: 'yes' })).body
        .message,
    ).toContain('body.isPublic')
  })

  it('reads, shares and deletes one execution', async () => {
    const id = await execution('2026-03-01T10:00:00.000Z')
    expect((await admin.get(`/api/v1/executions/${id}`)).body).toMatchObject({
      id,
      agentflow: { name: 'Email writer' },
    })

    const shared = await admin.put(`/api/v1/executions/${id}`, { isPublic: true })
    expect(shared.status).toBe(200)
    expect(shared.body).toMatchObject({ id, isPublic: true })
    expect((await admin.get(`/api/v1/executions/${id}`)).body.isPublic).toBe(true)

    expect((await admin.delete(`/api/v1/executions/${id}`)).body).toEqual({ deleted: 1 })
    expect((await admin.get(`/api/v1/executions/${id}`)).status).toBe(404)
    expect((await admin.delete(`/api/v1/executions/${id}`)).status).toBe(404)
  })

  it('treats another workspace’s executions as missing and deletes only the caller’s own', async () => {
    const mine = await execution('2026-03-01T10:00:00.000Z')
    const alsoMine = await execution('2026-03-02T10:00:00.000Z')
    const otherWorkspace = await addWorkspace(t, admin)
    await switchWorkspace(admin, otherWorkspace)
    const theirFlow = await createFlow(admin, EMPTY_FLOW, { type: 'AGENTFLOW', name: 'Theirs' })
    const theirs = await executionStore({ db: t.db, config: t.config }, otherWorkspace).create({
      agentflowId: theirFlow.id,
      sessionId: 's',
    })
    await switchWorkspace(admin, flow.workspaceId)

    expect(ids((await admin.get('/api/v1/executions')).body)).toEqual([alsoMine, mine])
    expect((await admin.get(`/api/v1/executions/${theirs}`)).status).toBe(404)
    expect((await admin.put(`/api/v1/executions/${theirs}`, { isPublic: true })).status).toBe(404)
    expect((await admin.delete(`/api/v1/executions/${theirs}`)).status).toBe(404)

    const res = await bulkDelete(admin, [mine, theirs, 'no-such-id'])
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ deleted: 1 })
    expect(ids((await admin.get('/api/v1/executions')).body)).toEqual([alsoMine])
    const left = await t.db.selectFrom('executions').select('id').where('id', '=', theirs).executeTakeFirst()
    expect(left).toEqual({ id: theirs })
  })

  it('lets members who may view executions in, and no one else', async () => {
    const id = await execution('2026-03-01T10:00:00.000Z')
    const viewer = await signInMember(t, admin, await builtInRoleId(t, 'viewer'))
    expect(ids((await viewer.get('/api/v1/executions')).body)).toEqual([id])
    const flowsOnly = await signInMember(t, admin, await createRole(t, admin, ['agentflows:view']))
    expect((await flowsOnly.get('/api/v1/executions')).status).toBe(403)
    expect((await flowsOnly.get(`/api/v1/executions/${id}`)).status).toBe(403)
    expect((await browser(t.app).get('/api/v1/executions')).status).toBe(401)
  })

  it('shows a shared execution to anyone, without its checkpoint or credentials, and hides it otherwise', async () => {
    const anonymous = browser(t.app)
    const id = await execution('2026-03-01T10:00:00.000Z')
    await store.update(id, {
      state: 'ERROR',
      executionData: [llmStep],
      checkpoint: { question: 'private checkpoint' } as never,
      error: 'The model failed',
    })

    const hidden = await anonymous.get(`/api/v1/public-executions/${id}`)
    expect(hidden.status).toBe(404)

    await admin.put(`/api/v1/executions/${id}`, { isPublic: true })
    const shown = await anonymous.get(`/api/v1/public-executions/${id}`)
    expect(shown.status).toBe(200)
    expect(shown.body).toMatchObject({ id, state: 'ERROR', error: 'The model failed', isPublic: true })
    const text = JSON.stringify(shown.body)
    for (const secret of ['private checkpoint', 'checkpoint', flow.workspaceId, 'cred-123'])
      expect(text).not.toContain(secret)
    const [step] = JSON.parse(shown.body.executionData as string) as ExecutedStep[]
    expect(step!.data.input).toEqual({
      llmModel: 'chatOpenAI',
      llmModelConfig: { modelName: 'gpt-4o-mini' },
      llmMessages: [{ role: 'system', content: 'Be brief' }],
    })
    expect(step!.data.output).toEqual(llmStep.data.output)

    await admin.put(`/api/v1/executions/${id}`, { isPublic: false })
    const unshared = await anonymous.get(`/api/v1/public-executions/${id}`)
    expect(unshared.status).toBe(404)
    await admin.delete(`/api/v1/executions/${id}`)
    // Not shared answers exactly as not existing.
    expect((await anonymous.get(`/api/v1/public-executions/${id}`)).body).toEqual(unshared.body)
  })
})
