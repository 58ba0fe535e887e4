import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadKeys } from '../auth/secrets.js'
import type { AppContext } from '../context.js'
import { readCredentialData } from '../services/credentials.service.js'
import { isSharedWith, sharedItemIds } from '../db/repositories/workspaces.repository.js'
import { testDialects } from '../test/dialects.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { otherOrganization } from '../test/other-organization.js'
import { builtInRoleId, signInMember, switchWorkspace } from '../test/workspace-members.js'

// Sharing a credential, custom template or tool read-only with other workspaces (SPEC §7
// /workspace/shared/{id}, Flowise's WorkspaceShared), on the enterprise edition.

describe.each(testDialects())('workspace shares on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  let me: { activeWorkspaceId: string }
  let sales: string
  let support: string
  let credentialId: string
  beforeEach(async () => {
    t = await startTestApp({ dialect, env: { PLATFORM_TYPE: 'enterprise' } })
    admin = await setUpAdmin(t.app)
    me = (await admin.get('/api/v1/user')).body
    sales = (await admin.post('/api/v1/workspace', { name: 'Sales' })).body.id
    support = (await admin.post('/api/v1/workspace', { name: 'Support' })).body.id
    const created = await admin.post('/api/v1/credentials', {
      name: 'OpenAI',
      credentialName: 'openAIApi',
      plainDataObj: { openAIApiKey: 'sk-secret-value' },
    })
    expect(created.status).toBe(201)
    credentialId = created.body.id
  })
  afterEach(() => t.close())

  const share = (workspaceIds: string[], itemType = 'credential', id = credentialId, b: Browser = admin) =>
    b.post(`/api/v1/workspace/shared/${id}`, { itemType, workspaceIds })

  it('shares a credential with chosen workspaces, lists them, and changes or ends the shares', async () => {
    expect((await admin.get(`/api/v1/workspace/shared/${credentialId}`)).body).toEqual([])
    const shared = await share([sales, support, sales])
    expect(shared.status).toBe(200)
    expect(shared.body.map((s: { workspaceName: string }) => s.workspaceName)).toEqual(['Sales', 'Support'])
    expect(shared.body[0]).toEqual({
      workspaceId: sales,
      workspaceName: 'Sales',
      sharedItemId: credentialId,
      itemType: 'credential',
      createdDate: expect.any(String),
    })
    expect((await admin.get(`/api/v1/workspace/shared/${credentialId}?itemType=credential`)).body).toEqual(shared.body)
    expect(await isSharedWith(t.db, sales, 'credential', credentialId)).toBe(true)
    expect(await sharedItemIds(t.db, support, 'credential')).toEqual([credentialId])
    expect(await isSharedWith(t.db, sales, 'tool', credentialId)).toBe(false)

    // Flows of a workspace it is shared with can use it (the engine reads it), and no other's can.
    const ctx = { db: t.db, keys: loadKeys(t.config.home, t.config.secretKey) } as AppContext
    expect(await readCredentialData(ctx, sales, credentialId)).toEqual({ openAIApiKey: 'sk-secret-value' })
    const foreign = await otherOrganization(t)
    await expect(readCredentialData(ctx, foreign.workspaceId, credentialId)).rejects.toThrow('Credential not found')

    // Read-only: the other workspace never reads or changes it through the credential routes.
    await switchWorkspace(admin, sales)
    expect((await admin.get(`/api/v1/credentials/${credentialId}`)).status).toBe(404)
    expect((await admin.put(`/api/v1/credentials/${credentialId}`, { name: 'Mine' })).status).toBe(404)
    expect(JSON.stringify((await admin.get('/api/v1/credentials')).body)).not.toContain('sk-secret-value')
    // Nor does it share what is not its own.
    expect((await share([support])).status).toBe(404)
    expect((await admin.get(`/api/v1/workspace/shared/${credentialId}`)).status).toBe(404)
    await switchWorkspace(admin, me.activeWorkspaceId)

    expect((await share([support])).body.map((s: { workspaceName: string }) => s.workspaceName)).toEqual(['Support'])
    expect((await share([])).body).toEqual([])
    expect(await isSharedWith(t.db, support, 'credential', credentialId)).toBe(false)
    await expect(readCredentialData(ctx, sales, credentialId)).rejects.toThrow('Credential not found')
  })

  it('shares tools and custom templates too', async () => {
    const tool = await admin.post('/api/v1/tools', {
      name: 'lookup_order',
      description: 'Finds an order',
      color: '#4f46e5',
      func: 'return 1',
    })
    expect(tool.status).toBe(201)
    expect((await share([sales], 'tool', tool.body.id)).body).toHaveLength(1)
    expect(await sharedItemIds(t.db, sales, 'tool')).toEqual([tool.body.id])
    // The kind must match the item.
    expect((await share([sales], 'custom_template', tool.body.id)).status).toBe(404)
  })

  it('refuses bad input naming the field, and changes nothing', async () => {
    await share([sales])
    const foreign = await otherOrganization(t)
    const badType = await share([support], 'flow')
    expect(badType.status).toBe(400)
    expect(badType.body.message).toBe('body.itemType: must be one of credential, custom_template, tool')
    const own = await share([me.activeWorkspaceId])
    expect(own.status).toBe(400)
    expect(own.body.message).toBe('workspaceIds[0]: the item is already in this workspace')
    const stranger = await share([support, foreign.workspaceId])
    expect(stranger.status).toBe(400)
    expect(stranger.body.message).toBe(`workspaceIds[1]: no workspace ${foreign.workspaceId} in this organization`)
    const noList = await admin.post(`/api/v1/workspace/shared/${credentialId}`, { itemType: 'credential' })
    expect(noList.status).toBe(400)
    expect(noList.body.message).toBe('body.workspaceIds: must be a list of workspace ids')
    expect((await share([sales], 'credential', '00000000-0000-0000-0000-000000000000')).status).toBe(404)
    expect(
      (await admin.get(`/api/v1/workspace/shared/${credentialId}`)).body.map(
        (s: { workspaceId: string }) => s.workspaceId,
      ),
    ).toEqual([sales])
    // Another organization's admin cannot see or share it.
    expect((await foreign.browser.get(`/api/v1/workspace/shared/${credentialId}`)).status).toBe(404)
    expect((await share([foreign.workspaceId], 'credential', credentialId, foreign.browser)).status).toBe(404)
  })

  it('needs the permission of the item’s kind: a viewer gets 403', async () => {
    const viewer = await signInMember(t, admin, await builtInRoleId(t, 'viewer'))
    expect((await viewer.get(`/api/v1/workspace/shared/${credentialId}`)).status).toBe(403)
    expect((await share([sales], 'credential', credentialId, viewer)).status).toBe(403)
    expect(await isSharedWith(t.db, sales, 'credential', credentialId)).toBe(false)
  })

  it('ends the shares with a deleted workspace, and of a deleted workspace’s items', async () => {
    await share([sales, support])
    expect((await admin.delete(`/api/v1/workspace/${sales}`)).status).toBe(200)
    expect(
      (await admin.get(`/api/v1/workspace/shared/${credentialId}`)).body.map(
        (s: { workspaceId: string }) => s.workspaceId,
      ),
    ).toEqual([support])

    await switchWorkspace(admin, support)
    const own = await admin.post('/api/v1/credentials', {
      name: 'Support key',
      credentialName: 'openAIApi',
      plainDataObj: { openAIApiKey: 'sk-2' },
    })
    await admin.post(`/api/v1/workspace/shared/${own.body.id}`, {
      itemType: 'credential',
      workspaceIds: [me.activeWorkspaceId],
    })
    expect(await isSharedWith(t.db, me.activeWorkspaceId, 'credential', own.body.id)).toBe(true)
    await switchWorkspace(admin, me.activeWorkspaceId)
    expect((await admin.delete(`/api/v1/workspace/${support}`)).status).toBe(200)
    expect(await isSharedWith(t.db, me.activeWorkspaceId, 'credential', own.body.id)).toBe(false)
    expect(await t.db.selectFrom('workspace_shares').selectAll().execute()).toEqual([])
  })
})
