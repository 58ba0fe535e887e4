import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { hashToken } from '../auth/secrets.js'
import type { AppContext } from '../context.js'
import { verifyApiKey } from '../services/api-keys.service.js'
import { testDialects } from '../test/dialects.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { addWorkspace, builtInRoleId, createRole, signInMember, switchWorkspace } from '../test/workspace-members.js'

/** verifyApiKey needs only the app's database. */
const contextOf = (t: TestApp) => ({ db: t.db }) as AppContext

describe.each(testDialects())('API keys on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  beforeEach(async () => {
    t = await startTestApp({ dialect, env: { PLATFORM_TYPE: 'enterprise' } })
    admin = await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  const create = (b: Browser, keyName: unknown) => b.post('/api/v1/apikey', { keyName })

  it('shows a new key once in full, then only its preview', async () => {
    const me = (await admin.get('/api/v1/user')).body
    const created = await create(admin, '  CI pipeline ')
    expect(created.status).toBe(201)
    const { apiKey, ...listed } = created.body
    expect(apiKey).toMatch(/^wft_[A-Za-z0-9_-]{43}$/)
    expect(listed).toEqual({
      id: expect.any(String),
      keyName: 'CI pipeline',
      keyPreview: `${apiKey.slice(0, 8)}…`,
      workspaceId: me.activeWorkspaceId,
      createdDate: expect.any(String),
      permissions: [],
      chatFlows: [],
    })

    const list = await admin.get('/api/v1/apikey')
    expect(list.body).toEqual([listed])
    const renamed = await admin.put(`/api/v1/apikey/${listed.id}`, { keyName: 'Deploys' })
    expect(renamed.body).toEqual({ ...listed, keyName: 'Deploys' })
    for (const answer of [list, renamed]) expect(JSON.stringify(answer.body)).not.toContain(apiKey)

    const row = await t.db.selectFrom('api_keys').selectAll().executeTakeFirstOrThrow()
    expect(row.key_hash).toBe(hashToken(apiKey))
    expect(JSON.stringify(row)).not.toContain(apiKey)
  })

  it('verifies a key by its hash until it is deleted', async () => {
    const me = (await admin.get('/api/v1/user')).body
    const { id, apiKey } = (await create(admin, 'CI')).body
    expect(await verifyApiKey(contextOf(t), apiKey)).toEqual({ id, workspaceId: me.activeWorkspaceId, permissions: [] })
    expect(await verifyApiKey(contextOf(t), `${apiKey}x`)).toBeUndefined()
    expect(await verifyApiKey(contextOf(t), apiKey.slice(4))).toBeUndefined()
    expect(await verifyApiKey(contextOf(t), '')).toBeUndefined()

    expect(await admin.delete(`/api/v1/apikey/${id}`)).toMatchObject({ status: 200, body: { id } })
    expect(await verifyApiKey(contextOf(t), apiKey)).toBeUndefined()
    expect((await admin.get('/api/v1/apikey')).body).toEqual([])
    expect((await admin.delete(`/api/v1/apikey/${id}`)).status).toBe(404)
  })

  it('lists the flows bound to each key, and unbinds them when the key goes', async () => {
    const key = (await create(admin, 'Widget')).body
    const flow = (await admin.post('/api/v1/chatflows', { name: 'Support bot', type: 'CHATFLOW' })).body
    await admin.post('/api/v1/chatflows', { name: 'Unbound', type: 'CHATFLOW' })
    await t.db.updateTable('flows').set({ apikey_id: key.id }).where('id', '=', flow.id).execute()

    expect((await admin.get('/api/v1/apikey')).body[0].chatFlows).toEqual([
      { id: flow.id, name: 'Support bot', type: 'CHATFLOW' },
    ])
    await admin.delete(`/api/v1/apikey/${key.id}`)
    const row = await t.db.selectFrom('flows').select('apikey_id').where('id', '=', flow.id).executeTakeFirstOrThrow()
    expect(row.apikey_id).toBeNull()
  })

  it('refuses a missing or blank name, and writes nothing', async () => {
    for (const keyName of [undefined, '   ', 42]) {
      const res = await create(admin, keyName)
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(/^body\.keyName: /)
    }
    expect((await admin.get('/api/v1/apikey')).body).toEqual([])
    const { id } = (await create(admin, 'Kept')).body
    expect((await admin.put(`/api/v1/apikey/${id}`, { keyName: '' })).body.message).toBe('body.keyName: is required')
    expect((await admin.get('/api/v1/apikey')).body[0].keyName).toBe('Kept')
  })

  it('keeps each workspace’s keys to itself', async () => {
    const me = (await admin.get('/api/v1/user')).body
    const { apiKey, ...mine } = (await create(admin, 'Mine')).body
    const otherId = await addWorkspace(t, admin)

    await switchWorkspace(admin, otherId)
    expect((await admin.get('/api/v1/apikey')).body).toEqual([])
    expect((await admin.put(`/api/v1/apikey/${mine.id}`, { keyName: 'Taken' })).status).toBe(404)
    expect((await admin.delete(`/api/v1/apikey/${mine.id}`)).status).toBe(404)
    expect((await admin.put(`/api/v1/apikey/${randomUUID()}`, { keyName: 'Nothing' })).status).toBe(404)

    await switchWorkspace(admin, me.activeWorkspaceId)
    expect((await admin.get('/api/v1/apikey')).body).toEqual([mine])
    expect((await verifyApiKey(contextOf(t), apiKey))?.workspaceId).toBe(me.activeWorkspaceId)
  })

  it('lets a role with view permission list, and refuses writes without the write permissions', async () => {
    const { apiKey, ...key } = (await create(admin, 'CI')).body
    const reader = await signInMember(t, admin, await createRole(t, admin, ['apikeys:view']))
    expect((await reader.get('/api/v1/apikey')).body).toEqual([key])
    expect((await create(reader, 'Mine')).status).toBe(403)
    expect((await reader.put(`/api/v1/apikey/${key.id}`, { keyName: 'Mine' })).status).toBe(403)
    expect((await reader.delete(`/api/v1/apikey/${key.id}`)).status).toBe(403)

    const viewer = await signInMember(t, admin, await builtInRoleId(t, 'viewer'))
    expect((await viewer.get('/api/v1/apikey')).status).toBe(403)
    expect((await create(viewer, 'Mine')).status).toBe(403)
    expect(await verifyApiKey(contextOf(t), apiKey)).toEqual({ id: key.id, workspaceId: key.workspaceId, permissions: [] })
  })
})
