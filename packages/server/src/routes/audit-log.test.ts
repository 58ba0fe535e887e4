import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testDialects } from '../test/dialects.js'
import { exportAll, importAll } from '../test/bundles.js'
import { createFlow, templateFlowData } from '../test/flows.js'
import { ADMIN, setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { otherOrganization } from '../test/other-organization.js'
import { builtInRoleId, signInMember } from '../test/workspace-members.js'

const SECRET = 'sk-audit-SECRET-0123456789abcdef'
const UA = 'AuditTest/2.0'

interface Entry {
  actorName: string
  actorEmail: string | null
  actorApiKeyId: string | null
  action: string
  objectType: string
  objectId: string | null
  objectName: string | null
  ip: string | null
  userAgent: string | null
  workspaceName: string | null
}

describe.each(testDialects())('Audit log on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  beforeEach(async () => {
    t = await startTestApp({ dialect, env: { PLATFORM_TYPE: 'enterprise' } })
    admin = await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  const list = async (query = '') => {
    const res = await admin.get(`/api/v1/audit-logs${query}`)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body as { data: Entry[]; total: number; page: number; limit: number }
  }
  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      remoteAddress: '198.51.100.23',
      headers: { 'user-agent': UA },
      cookies: Object.fromEntries(admin.jar),
      ...(payload ? { payload } : {}),
    })

  it('records create, update and delete of a flow and a credential, with no secret anywhere', async () => {
    const flow = await createFlow(admin, await templateFlowData('Simple LLM Chain'), { name: 'Support bot' })
    expect((await call('PUT', `/api/v1/chatflows/${flow.id}`, { name: 'Support bot 2' })).statusCode).toBe(200)
    expect((await call('DELETE', `/api/v1/chatflows/${flow.id}`)).statusCode).toBe(200)
    const made = await call('POST', '/api/v1/credentials', {
      name: 'OpenAI prod',
      credentialName: 'openAIApi',
      plainDataObj: { openAIApiKey: SECRET },
    })
    expect(made.statusCode).toBe(201)
    const credential = JSON.parse(made.body) as { id: string }
    const changed = await call('PUT', `/api/v1/credentials/${credential.id}`, {
      name: 'OpenAI main',
      plainDataObj: { openAIApiKey: `${SECRET}-2` },
    })
    expect(changed.statusCode).toBe(200)
    expect((await call('DELETE', `/api/v1/credentials/${credential.id}`)).statusCode).toBe(200)
    // Reads, runs and failures make no entry.
    await admin.get('/api/v1/chatflows')
    await admin.put(`/api/v1/chatflows/${flow.id}`, { name: 'gone' })

    const { data, total } = await list()
    expect(total).toBe(6)
    expect(data.map((e) => `${e.action} ${e.objectType}`)).toEqual([
      'delete credential',
      'update credential',
      'create credential',
      'delete flow',
      'update flow',
      'create flow',
    ])
    expect(data.find((e) => e.action === 'create' && e.objectType === 'flow')).toMatchObject({
      objectId: flow.id,
      objectName: 'Support bot',
      actorName: ADMIN.name,
      actorEmail: ADMIN.email,
      workspaceName: 'Default Workspace',
    })
    expect(data.find((e) => e.action === 'create' && e.objectType === 'credential')).toMatchObject({
      objectId: credential.id,
      objectName: 'OpenAI prod',
      ip: '198.51.100.23',
      userAgent: UA,
    })
    // A delete's answer has no name; the object's earlier entries give it.
    expect(data.find((e) => e.action === 'delete' && e.objectType === 'credential')!.objectName).toBe('OpenAI main')
    expect(data.find((e) => e.action === 'delete' && e.objectType === 'flow')!.objectName).toBe('Support bot 2')
    const rows = await t.db.selectFrom('audit_log').selectAll().execute()
    expect(rows).toHaveLength(6)
    expect(JSON.stringify(rows)).not.toContain('sk-audit')
    expect(JSON.stringify(rows)).not.toContain(SECRET)
  })

  it('records an API key by its id and name, never the key itself', async () => {
    const made = await admin.post('/api/v1/apikey', {
      keyName: 'CI script',
      permissions: ['chatflows:view', 'chatflows:create'],
    })
    expect(made.status).toBe(201)
    const key = made.body.apiKey as string
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chatflows',
      headers: { authorization: `Bearer ${key}` },
      payload: { name: 'From CI', type: 'CHATFLOW', flowData: await templateFlowData('Simple LLM Chain') },
    })
    expect(res.statusCode).toBe(201)
    const { data } = await list()
    expect(data[0]).toMatchObject({
      action: 'create',
      objectType: 'flow',
      objectName: 'From CI',
      actorName: 'API key CI script',
      actorApiKeyId: made.body.id,
    })
    expect(data[1]).toMatchObject({ action: 'create', objectType: 'api key', objectName: 'CI script' })
    expect(JSON.stringify(await t.db.selectFrom('audit_log').selectAll().execute())).not.toContain(key)
  })

  it('records export and import, filters, pages and exports CSV', async () => {
    await createFlow(admin, await templateFlowData('Simple LLM Chain'), { name: 'Alpha' })
    const bundle = await exportAll(admin)
    await importAll(admin, bundle)
    const all = await list()
    expect(all.data.slice(0, 2).map((e) => e.action)).toEqual(['import', 'export'])

    expect((await list('?action=export')).data.map((e) => e.objectType)).toEqual(['data'])
    expect((await list('?objectType=flow')).total).toBe(1)
    expect((await list('?action=create,import')).total).toBe(2)
    expect((await list('?search=alph')).data.map((e) => e.objectName)).toEqual(['Alpha'])
    expect((await list('?actor=ADA')).total).toBe(3)
    expect((await list('?actor=someone-else')).total).toBe(0)
    const page2 = await list('?limit=2&page=2')
    expect(page2).toMatchObject({ total: 3, page: 2, limit: 2 })
    expect(page2.data).toHaveLength(1)
    expect((await list('?endDate=2020-01-01')).total).toBe(0)
    const bad = await admin.get('/api/v1/audit-logs?action=steal')
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body)).toContain('action')

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/v1/audit-logs?format=csv',
      cookies: Object.fromEntries(admin.jar),
    })
    expect(csv.headers['content-type']).toContain('text/csv')
    const lines = csv.body.trim().split('\r\n')
    expect(lines[0]).toBe('Time,Actor,E-mail,Action,Object type,Object id,Object name,Workspace,Address,User agent')
    expect(lines).toHaveLength(4)
    expect(lines[3]).toContain(',create,flow,')
  })

  it("keeps each organization's log to itself and to holders of logs:view", async () => {
    const other = await otherOrganization(t)
    expect((await other.browser.post('/api/v1/variables', { name: 'theirs', value: 'x', type: 'static' })).status).toBe(
      201,
    )
    await admin.post('/api/v1/variables', { name: 'ours', value: 'y', type: 'static' })
    expect((await list()).data.map((e) => e.objectName)).toEqual(['ours'])
    const theirs = await other.browser.get('/api/v1/audit-logs')
    expect(theirs.body.data.map((e: Entry) => e.objectName)).toEqual(['theirs'])

    const member = await signInMember(t, admin, await builtInRoleId(t, 'member'))
    expect((await member.get('/api/v1/audit-logs')).status).toBe(403)
  })
})
