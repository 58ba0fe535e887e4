import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { EMPTY_WORKSPACE_COUNTS } from '@weft/core'
import { WORKSPACE_TABLES } from '../db/repositories/workspaces.repository.js'
import { testDialects } from '../test/dialects.js'
import { createStore } from '../test/document-stores.js'
import { createFlow, templateFlowData } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { builtInRoleId, createRole, signInMember, switchWorkspace } from '../test/workspace-members.js'
import { otherOrganization } from '../test/other-organization.js'

// Workspaces on the enterprise edition (SPEC §7 /workspace): list with what each holds, create,
// rename, delete with everything in it, and who may do which.

const now = () => new Date().toISOString()

describe.each(testDialects())('workspaces on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  let me: { id: string; activeOrganizationId: string; activeWorkspaceId: string }
  beforeEach(async () => {
    t = await startTestApp({ dialect, env: { PLATFORM_TYPE: 'enterprise' } })
    admin = await setUpAdmin(t.app)
    me = (await admin.get('/api/v1/user')).body
  })
  afterEach(() => t.close())

  const list = async (b: Browser = admin) =>
    (await b.get(`/api/v1/workspace?organizationId=${me.activeOrganizationId}`)).body
  const create = (name: string, description?: string, b: Browser = admin) =>
    b.post('/api/v1/workspace', { name, ...(description === undefined ? {} : { description }) })

  it('lists, creates, reads and renames workspaces; the creator is a member and the session sees the new name', async () => {
    const initial = await list()
    expect(initial).toEqual([
      expect.objectContaining({ id: me.activeWorkspaceId, name: 'Default Workspace', isDefault: true, userCount: 1 }),
    ])
    expect(initial[0].counts).toEqual(EMPTY_WORKSPACE_COUNTS)

    const created = await create('  Sales  ', 'Deals and leads')
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      name: 'Sales',
      description: 'Deals and leads',
      organizationId: me.activeOrganizationId,
      isDefault: false,
      userCount: 1,
    })
    const sales = created.body.id as string
    expect((await list()).map((w: { name: string }) => w.name)).toEqual(['Default Workspace', 'Sales'])
    expect((await admin.get(`/api/v1/workspace?id=${sales}`)).body).toMatchObject({ id: sales, name: 'Sales' })
    const members = (await admin.get(`/api/v1/workspaceuser?workspaceId=${sales}`)).body
    expect(members.map((m: { userId: string }) => m.userId)).toEqual([me.id])

    // The session lists it, so the switcher shows (more than one workspace), and renaming shows at once.
    let user = (await admin.get('/api/v1/user')).body
    expect(user.assignedWorkspaces.map((w: { name: string }) => w.name)).toEqual(['Default Workspace', 'Sales'])
    const renamed = await admin.put('/api/v1/workspace', { id: sales, name: 'Sales EMEA' })
    expect(renamed.status).toBe(200)
    expect(renamed.body).toMatchObject({ id: sales, name: 'Sales EMEA', description: 'Deals and leads' })
    user = (await admin.get('/api/v1/user')).body
    expect(user.assignedWorkspaces).toContainEqual({ id: sales, name: 'Sales EMEA' })

    await switchWorkspace(admin, sales)
    expect((await admin.get('/api/v1/user')).body).toMatchObject({
      activeWorkspaceId: sales,
      activeWorkspace: 'Sales EMEA',
    })
    expect((await admin.put('/api/v1/workspace', { id: sales, description: '' })).body.description).toBe('')
  })

  it('refuses a missing, too long or taken name, naming the field, and changes nothing', async () => {
    const missing = await admin.post('/api/v1/workspace', { description: 'x' })
    expect(missing.status).toBe(400)
    expect(missing.body.message).toBe('body.name: is required')
    const blank = await create('   ')
    expect(blank.status).toBe(400)
    expect(blank.body.message).toBe('body.name: is required')
    const long = await create('x'.repeat(101))
    expect(long.status).toBe(400)
    expect(long.body.message).toBe('body.name: must be at most 100 characters')
    expect((await create('x'.repeat(100))).status).toBe(201)

    expect((await create('Sales')).status).toBe(201)
    const taken = await create('sales')
    expect(taken.status).toBe(409)
    expect(taken.body.message).toBe("name: a workspace named 'sales' already exists in this organization")
    const takenDefault = await create('Default Workspace')
    expect(takenDefault.status).toBe(409)

    const other = (await create('Support')).body.id
    const renameTaken = await admin.put('/api/v1/workspace', { id: other, name: 'SALES' })
    expect(renameTaken.status).toBe(409)
    expect(renameTaken.body.message).toBe("name: a workspace named 'SALES' already exists in this organization")
    const renameLong = await admin.put('/api/v1/workspace', { id: other, name: 'y'.repeat(101) })
    expect(renameLong.body.message).toBe('body.name: must be at most 100 characters')
    const noId = await admin.put('/api/v1/workspace', { name: 'Nope' })
    expect(noId.status).toBe(400)
    expect(noId.body.message).toBe('body.id: is required')
    // Its own name in other letters is no clash.
    expect((await admin.put('/api/v1/workspace', { id: other, name: 'SUPPORT' })).status).toBe(200)

    expect((await list()).map((w: { name: string }) => w.name)).toEqual([
      'Default Workspace',
      'x'.repeat(100),
      'Sales',
      'SUPPORT',
    ])
    expect((await admin.get('/api/v1/workspace')).status).toBe(400)
  })

  it('deletes a workspace with everything it holds in one go, answering the counts; the default one stays', async () => {
    const sales = (await create('Sales')).body.id as string
    await switchWorkspace(admin, sales)
    const flowData = await templateFlowData('Simple LLM Chain')
    const flow = await createFlow(admin, flowData, { name: 'Bot 1' })
    await createFlow(admin, flowData, { name: 'Bot 2' })
    await createFlow(admin, flowData, { name: 'Bot 3' })
    await createFlow(admin, flowData, { name: 'Agent', type: 'AGENTFLOW' })
    expect(
      (
        await admin.post('/api/v1/credentials', {
          name: 'OpenAI',
          credentialName: 'openAIApi',
          plainDataObj: { openAIApiKey: 'sk-test' },
        })
      ).status,
    ).toBe(201)
    expect((await admin.post('/api/v1/variables', { name: 'region', value: 'eu' })).status).toBe(201)
    expect((await admin.post('/api/v1/apikey', { keyName: 'Script' })).status).toBe(201)
    await createStore(admin, 'Handbook')
    expect((await admin.post(`/api/v1/internal-prediction/${flow.id}`, { question: 'Hello?' })).status).toBe(200)
    // Someone invited into Sales, who has not joined yet.
    const invited = randomUUID()
    await t.db
      .insertInto('users')
      .values({
        id: invited,
        email: 'invited@example.com',
        name: '',
        password_hash: null,
        status: 'invited',
        is_sso: 0,
        last_login: null,
        created_at: now(),
        updated_at: now(),
      })
      .execute()
    await t.db
      .insertInto('invitations')
      .values({
        user_id: invited,
        organization_id: me.activeOrganizationId,
        workspace_id: sales,
        role_id: (await t.db.selectFrom('roles').select('id').where('name', '=', 'member').executeTakeFirstOrThrow())
          .id,
        invited_by: me.id,
        created_at: now(),
        sent_at: now(),
      })
      .execute()

    const row = (await list()).find((w: { id: string }) => w.id === sales)
    expect(row.counts).toMatchObject({
      chatflows: 3,
      agentflows: 1,
      credentials: 1,
      variables: 1,
      apiKeys: 1,
      documentStores: 1,
      chatMessages: 2,
    })
    await switchWorkspace(admin, me.activeWorkspaceId)

    const refused = await admin.delete(`/api/v1/workspace/${me.activeWorkspaceId}`)
    expect(refused.status).toBe(400)
    expect(refused.body.message).toBe('id: the default workspace cannot be deleted')

    const deleted = await admin.delete(`/api/v1/workspace/${sales}`)
    expect(deleted.status).toBe(200)
    expect(deleted.body).toEqual({
      id: sales,
      name: 'Sales',
      deleted: {
        chatflows: 3,
        agentflows: 1,
        assistants: 0,
        credentials: 1,
        variables: 1,
        tools: 0,
        apiKeys: 1,
        documentStores: 1,
        customTemplates: 0,
        executions: 0,
        chatMessages: 2,
        members: 1,
      },
    })
    for (const table of WORKSPACE_TABLES) {
      const left = await t.db.selectFrom(table).select('workspace_id').where('workspace_id', '=', sales).execute()
      expect(left, table).toEqual([])
    }
    expect(await t.db.selectFrom('workspaces').select('id').where('id', '=', sales).execute()).toEqual([])
    // The pending invitation now brings them into the default workspace.
    const invitation = await t.db.selectFrom('invitations').selectAll().executeTakeFirstOrThrow()
    expect(invitation.workspace_id).toBe(me.activeWorkspaceId)
    expect((await list()).map((w: { name: string }) => w.name)).toEqual(['Default Workspace'])
    expect((await admin.delete(`/api/v1/workspace/${sales}`)).status).toBe(404)
    expect((await admin.get(`/api/v1/workspace?id=${sales}`)).status).toBe(404)
  })

  it('answers 404 for another organization’s workspace, organization and users', async () => {
    const foreign = await otherOrganization(t)
    expect((await admin.get(`/api/v1/workspace?id=${foreign.workspaceId}`)).status).toBe(404)
    expect((await admin.get(`/api/v1/workspace?organizationId=${foreign.organizationId}`)).status).toBe(404)
    expect((await admin.put('/api/v1/workspace', { id: foreign.workspaceId, name: 'Mine now' })).status).toBe(404)
    expect((await admin.delete(`/api/v1/workspace/${foreign.workspaceId}`)).status).toBe(404)
    expect((await admin.post(`/api/v1/workspace/switch?id=${foreign.workspaceId}`)).status).toBe(404)
    expect((await admin.get(`/api/v1/workspaceuser?workspaceId=${foreign.workspaceId}`)).status).toBe(404)
    expect((await admin.get(`/api/v1/workspaceuser?organizationId=${foreign.organizationId}`)).status).toBe(404)
    expect((await admin.get(`/api/v1/workspaceuser?userId=${foreign.userId}`)).body).toEqual([])
    const member = await builtInRoleId(t, 'member')
    expect(
      (
        await admin.post(`/api/v1/workspace/link-users/${foreign.workspaceId}`, {
          users: [{ userId: me.id, roleId: member }],
        })
      ).status,
    ).toBe(404)
    expect(
      (await admin.post(`/api/v1/workspace/unlink-users/${foreign.workspaceId}`, { userIds: [foreign.userId] })).status,
    ).toBe(404)
    expect(
      (
        await admin.put('/api/v1/workspaceuser', {
          workspaceId: foreign.workspaceId,
          userId: foreign.userId,
          roleId: member,
        })
      ).status,
    ).toBe(404)
    expect(
      (await admin.delete(`/api/v1/workspaceuser?workspaceId=${foreign.workspaceId}&userId=${foreign.userId}`)).status,
    ).toBe(404)
    const row = await t.db
      .selectFrom('workspaces')
      .selectAll()
      .where('id', '=', foreign.workspaceId)
      .executeTakeFirstOrThrow()
    expect(row.name).toBe('Foreign Workspace')
  })

  it('needs workspace permissions: a member or viewer gets 403; a role with workspace:view sees only its own workspaces', async () => {
    const sales = (await create('Sales')).body.id as string
    const support = (await create('Support')).body.id as string
    for (const roleName of ['member', 'viewer']) {
      const b = await signInMember(t, admin, await builtInRoleId(t, roleName))
      expect(await list(b), roleName).toMatchObject({ message: 'You do not have permission to do this' })
      expect((await b.get(`/api/v1/workspace?organizationId=${me.activeOrganizationId}`)).status).toBe(403)
      expect((await b.get(`/api/v1/workspace?id=${sales}`)).status).toBe(403)
      expect((await create('Mine', undefined, b)).status).toBe(403)
      expect((await b.put('/api/v1/workspace', { id: sales, name: 'Hacked' })).status).toBe(403)
      expect((await b.delete(`/api/v1/workspace/${sales}`)).status).toBe(403)
      expect((await b.get(`/api/v1/workspaceuser?workspaceId=${sales}`)).status).toBe(403)
      expect((await b.post(`/api/v1/workspace/link-users/${sales}`, { users: [{ userId: me.id }] })).status).toBe(403)
      expect((await b.post(`/api/v1/workspace/unlink-users/${sales}`, { userIds: [me.id] })).status).toBe(403)
    }
    expect((await list()).map((w: { name: string }) => w.name)).toEqual(['Default Workspace', 'Sales', 'Support'])

    // A workspace manager (custom role) in the default workspace and Sales, not Support.
    const manager = await createRole(t, admin, [
      'chatflows:view',
      'workspace:view',
      'workspace:update',
      'workspace:delete',
    ])
    const b = await signInMember(t, admin, manager)
    const managerId = (await b.get('/api/v1/user')).body.id
    await t.db
      .insertInto('workspace_users')
      .values({
        workspace_id: sales,
        user_id: managerId,
        role_id: manager,
        status: 'active',
        last_login: null,
        created_at: now(),
      })
      .execute()
    expect((await list(b)).map((w: { name: string }) => w.name)).toEqual(['Default Workspace', 'Sales'])
    expect((await b.get(`/api/v1/workspace?id=${support}`)).status).toBe(404)
    expect((await b.put('/api/v1/workspace', { id: support, name: 'Hacked' })).status).toBe(404)
    expect((await b.delete(`/api/v1/workspace/${support}`)).status).toBe(404)
    expect((await b.get(`/api/v1/workspaceuser?workspaceId=${support}`)).status).toBe(404)
    expect(
      (await b.get(`/api/v1/workspaceuser?organizationId=${me.activeOrganizationId}`)).body.map(
        (m: { workspaceId: string }) => m.workspaceId,
      ),
    ).not.toContain(support)
    expect((await b.put('/api/v1/workspace', { id: sales, name: 'Sales 2' })).status).toBe(200)
    expect((await create('Mine', undefined, b)).status).toBe(403)
    expect((await b.post(`/api/v1/workspace/link-users/${sales}`, { users: [{ userId: me.id }] })).status).toBe(403)
    expect((await b.delete(`/api/v1/workspace/${sales}`)).status).toBe(200)
    expect((await list()).map((w: { name: string }) => w.name)).toEqual(['Default Workspace', 'Support'])
  })

  it('lets an API key holding workspace:view see its own workspace only', async () => {
    const sales = (await create('Sales')).body.id as string
    const made = await admin.post('/api/v1/apikey', { keyName: 'Script', permissions: ['workspace:view'] })
    expect(made.status).toBe(201)
    const call = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${made.body.apiKey}` } })
      return { status: res.statusCode, body: JSON.parse(res.body) }
    }
    const listed = await call(`/api/v1/workspace?organizationId=${me.activeOrganizationId}`)
    expect(listed.status).toBe(200)
    expect(listed.body.map((w: { id: string }) => w.id)).toEqual([me.activeWorkspaceId])
    expect((await call(`/api/v1/workspace?id=${me.activeWorkspaceId}`)).status).toBe(200)
    expect((await call(`/api/v1/workspace?id=${sales}`)).status).toBe(404)
    const people = await call(`/api/v1/workspaceuser?workspaceId=${me.activeWorkspaceId}`)
    expect(people.status).toBe(200)
    expect(people.body.map((m: { userId: string }) => m.userId)).toEqual([me.id])
    expect((await call(`/api/v1/workspaceuser?workspaceId=${sales}`)).status).toBe(404)
    expect((await call(`/api/v1/workspaceuser?organizationId=${me.activeOrganizationId}`)).body).toHaveLength(1)
  })

  it('needs a session', async () => {
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/v1/workspace?organizationId=${me.activeOrganizationId}`,
    })
    expect(anonymous.statusCode).toBe(401)
    const write = await t.app.inject({ method: 'POST', url: '/api/v1/workspace', payload: { name: 'x' } })
    expect(write.statusCode).toBe(401)
    expect(await t.db.selectFrom('workspaces').select('id').execute()).toHaveLength(1)
  })

  it('keeps a new workspace’s id unknown to other organizations even by guessing', async () => {
    const foreign = await otherOrganization(t)
    const sales = (await create('Sales')).body.id as string
    expect((await foreign.browser.get(`/api/v1/workspace?id=${sales}`)).status).toBe(404)
    expect((await foreign.browser.delete(`/api/v1/workspace/${sales}`)).status).toBe(404)
    expect((await foreign.browser.get(`/api/v1/workspace?id=${randomUUID()}`)).status).toBe(404)
    expect((await list()).map((w: { name: string }) => w.name)).toEqual(['Default Workspace', 'Sales'])
  })
})
