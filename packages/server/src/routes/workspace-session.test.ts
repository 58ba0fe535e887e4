import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WORKSPACE_UNAVAILABLE } from '../auth/authenticate.js'
import { testDialects } from '../test/dialects.js'
import { createFlow, templateFlowData } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { builtInRoleId, signInMember, switchWorkspace } from '../test/workspace-members.js'

// A session whose active workspace is gone (SPEC §4 Workspace Unavailable): an admin deleted the
// workspace or removed the user from it. The user stays signed in, the signed-in state shows the
// active workspace missing from the list, nothing reaches the gone workspace's rows, and switching
// to a remaining workspace carries on.

describe.each(testDialects())('a session whose workspace is gone on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  let member: Browser
  let me: { id: string; activeWorkspaceId: string }
  let sales: string
  let salesFlowId: string
  beforeEach(async () => {
    t = await startTestApp({ dialect, env: { PLATFORM_TYPE: 'enterprise' } })
    admin = await setUpAdmin(t.app)
    me = (await admin.get('/api/v1/user')).body
    sales = (await admin.post('/api/v1/workspace', { name: 'Sales' })).body.id
    const memberRole = await builtInRoleId(t, 'member')
    member = await signInMember(t, admin, memberRole)
    const memberId = (await member.get('/api/v1/user')).body.id
    expect(
      (await admin.post(`/api/v1/workspace/link-users/${sales}`, { users: [{ userId: memberId, roleId: memberRole }] }))
        .status,
    ).toBe(200)
    await switchWorkspace(member, sales)
    salesFlowId = (await createFlow(member, await templateFlowData('Simple LLM Chain'), { name: 'Sales bot' })).id
    expect((await member.get('/api/v1/chatflows')).body.map((f: { name: string }) => f.name)).toEqual(['Sales bot'])
  })
  afterEach(() => t.close())

  async function expectUnavailable() {
    const user = await member.get('/api/v1/user')
    expect(user.status).toBe(200)
    expect(user.body.activeWorkspaceId).toBe('')
    expect(user.body.permissions).toEqual([])
    expect(user.body.assignedWorkspaces).toEqual([{ id: me.activeWorkspaceId, name: 'Default Workspace' }])
    expect(user.body.assignedWorkspaces.some((w: { id: string }) => w.id === user.body.activeWorkspaceId)).toBe(false)
    // Workspace routes answer 404 (not 403, which would send the web app to /unauthorized).
    const flows = await member.get('/api/v1/chatflows')
    expect(flows.status).toBe(404)
    expect(flows.body.message).toBe(WORKSPACE_UNAVAILABLE)
    expect((await member.get(`/api/v1/chatflows/${salesFlowId}`)).status).toBe(404)
    expect((await member.post('/api/v1/chatflows', { name: 'Orphan', type: 'CHATFLOW', flowData: '{}' })).status).toBe(
      404,
    )
    // A refreshed session is still the same one: signed in, workspace still missing.
    const refreshed = await member.post('/api/v1/auth/refreshToken')
    expect(refreshed.status).toBe(200)
    expect(refreshed.body.activeWorkspaceId).toBe('')
  }

  it('survives the workspace being deleted, and switches to a remaining one', async () => {
    expect((await admin.delete(`/api/v1/workspace/${sales}`)).status).toBe(200)
    await expectUnavailable()
    expect((await member.post(`/api/v1/workspace/switch?id=${sales}`)).status).toBe(404)

    const switched = await member.post(`/api/v1/workspace/switch?id=${me.activeWorkspaceId}`)
    expect(switched.status).toBe(200)
    expect(switched.body).toMatchObject({
      activeWorkspaceId: me.activeWorkspaceId,
      activeWorkspace: 'Default Workspace',
    })
    expect(switched.body.permissions).toContain('chatflows:view')
    expect((await member.get('/api/v1/chatflows')).status).toBe(200)
    expect(await t.db.selectFrom('flows').select('id').where('name', '=', 'Orphan').execute()).toEqual([])
  })

  it('survives being removed from the workspace, and never reaches its rows again', async () => {
    const memberId = (await member.get('/api/v1/user')).body.id
    expect((await admin.post(`/api/v1/workspace/unlink-users/${sales}`, { userIds: [memberId] })).status).toBe(200)
    await expectUnavailable()
    // The workspace and its flow are still there, for the others.
    await switchWorkspace(admin, sales)
    expect((await admin.get(`/api/v1/chatflows/${salesFlowId}`)).status).toBe(200)
    expect((await member.post(`/api/v1/workspace/switch?id=${sales}`)).status).toBe(404)
    await switchWorkspace(member, me.activeWorkspaceId)
    expect((await member.get(`/api/v1/chatflows/${salesFlowId}`)).status).toBe(404)
  })

  it('keeps an organization admin signed in too, reaching nothing until they choose', async () => {
    await switchWorkspace(admin, sales)
    // The admin deletes the workspace they are in.
    expect((await admin.delete(`/api/v1/workspace/${sales}`)).status).toBe(200)
    const user = (await admin.get('/api/v1/user')).body
    expect(user).toMatchObject({ activeWorkspaceId: '', isOrganizationAdmin: true })
    expect((await admin.get('/api/v1/chatflows')).status).toBe(404)
    expect((await admin.get('/api/v1/workspace?organizationId=' + user.activeOrganizationId)).status).toBe(404)
    await switchWorkspace(admin, me.activeWorkspaceId)
    expect((await admin.get('/api/v1/chatflows')).status).toBe(200)
  })
})
