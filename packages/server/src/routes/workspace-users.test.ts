import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { hashPassword } from '../auth/passwords.js'
import { testDialects } from '../test/dialects.js'
import { browser, setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { otherOrganization } from '../test/other-organization.js'
import { builtInRoleId, createRole } from '../test/workspace-members.js'

// Members of a workspace and their roles (SPEC §7 /workspaceuser, /workspace/link-users and
// /workspace/unlink-users), on the enterprise edition.

const now = () => new Date().toISOString()

describe.each(testDialects())('workspace users on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  let me: { id: string; activeOrganizationId: string; activeWorkspaceId: string }
  let sales: string
  let memberRole: string
  beforeEach(async () => {
    t = await startTestApp({ dialect, env: { PLATFORM_TYPE: 'enterprise' } })
    admin = await setUpAdmin(t.app)
    me = (await admin.get('/api/v1/user')).body
    sales = (await admin.post('/api/v1/workspace', { name: 'Sales' })).body.id
    memberRole = await builtInRoleId(t, 'member')
  })
  afterEach(() => t.close())

  /** A user of the admin's organization, in its default workspace only, and their password. */
  async function orgUser(name: string): Promise<{ id: string; email: string }> {
    const id = randomUUID()
    const email = `${name.toLowerCase()}@example.com`
    await t.db
      .insertInto('users')
      .values({
        id,
        email,
        name,
        password_hash: await hashPassword('user-password'),
        status: 'active',
        is_sso: 0,
        last_login: null,
        created_at: now(),
        updated_at: now(),
      })
      .execute()
    await t.db
      .insertInto('organization_users')
      .values({
        organization_id: me.activeOrganizationId,
        user_id: id,
        role_id: memberRole,
        is_admin: 0,
        status: 'active',
        created_at: now(),
      })
      .execute()
    await t.db
      .insertInto('workspace_users')
      .values({
        workspace_id: me.activeWorkspaceId,
        user_id: id,
        role_id: memberRole,
        status: 'active',
        last_login: null,
        created_at: now(),
      })
      .execute()
    return { id, email }
  }

  const members = async (workspaceId = sales) =>
    (await admin.get(`/api/v1/workspaceuser?workspaceId=${workspaceId}`)).body

  it('adds users with a role, lists them in Flowise’s shape, changes a role and removes them', async () => {
    const bob = await orgUser('Bob')
    const cara = await orgUser('Cara')
    const viewer = await builtInRoleId(t, 'viewer')
    const linked = await admin.post(`/api/v1/workspace/link-users/${sales}`, {
      users: [{ userId: bob.id, roleId: viewer }, { userId: cara.id }],
    })
    expect(linked.status).toBe(200)
    expect(linked.body.map((m: { user: { name: string } }) => m.user.name)).toEqual(['Ada Admin', 'Bob', 'Cara'])
    const listed = await members()
    expect(listed).toEqual(linked.body)
    expect(listed.find((m: { userId: string }) => m.userId === bob.id)).toEqual({
      workspaceId: sales,
      userId: bob.id,
      roleId: viewer,
      status: 'active',
      lastLogin: null,
      createdDate: expect.any(String),
      isOrgOwner: false,
      user: { id: bob.id, name: 'Bob', email: bob.email, status: 'active' },
      role: { id: viewer, name: 'viewer' },
      workspace: { id: sales, name: 'Sales' },
    })
    // A member without a role named gets the built-in member role; the admin shows as owner.
    expect(listed.find((m: { userId: string }) => m.userId === cara.id).role).toEqual({
      id: memberRole,
      name: 'member',
    })
    expect(listed.find((m: { userId: string }) => m.userId === me.id)).toMatchObject({
      isOrgOwner: true,
      role: { name: 'owner' },
    })
    expect((await admin.get(`/api/v1/workspace?id=${sales}`)).body.userCount).toBe(3)

    // The other queries of SPEC §7.
    const bobs = (await admin.get(`/api/v1/workspaceuser?userId=${bob.id}`)).body
    expect(bobs.map((m: { workspace: { name: string } }) => m.workspace.name)).toEqual(['Default Workspace', 'Sales'])
    const org = (await admin.get(`/api/v1/workspaceuser?organizationId=${me.activeOrganizationId}`)).body
    expect(org).toHaveLength(6)
    const orgBob = (await admin.get(`/api/v1/workspaceuser?organizationId=${me.activeOrganizationId}&userId=${bob.id}`))
      .body
    expect(orgBob).toHaveLength(2)
    expect(
      (await admin.get(`/api/v1/workspaceuser?roleId=${viewer}`)).body.map((m: { userId: string }) => m.userId),
    ).toEqual([bob.id])
    expect((await admin.get('/api/v1/workspaceuser')).status).toBe(400)

    const changed = await admin.put('/api/v1/workspaceuser', { workspaceId: sales, userId: bob.id, roleId: memberRole })
    expect(changed.status).toBe(200)
    expect(changed.body).toMatchObject({ userId: bob.id, roleId: memberRole, role: { name: 'member' } })
    // The new role applies to Bob's next request in that workspace.
    const custom = await createRole(t, admin, ['chatflows:view', 'workspace:view'])
    expect(
      (await admin.put('/api/v1/workspaceuser', { workspaceId: sales, userId: bob.id, roleId: custom })).body.role.id,
    ).toBe(custom)
    const bobBrowser = browser(t.app)
    await bobBrowser.post('/api/v1/auth/login', { email: bob.email, password: 'user-password' })
    await bobBrowser.post(`/api/v1/workspace/switch?id=${sales}`)
    expect((await bobBrowser.get(`/api/v1/workspaceuser?workspaceId=${sales}`)).status).toBe(200)
    expect((await bobBrowser.get('/api/v1/credentials')).status).toBe(403)

    const removed = await admin.delete(`/api/v1/workspaceuser?workspaceId=${sales}&userId=${cara.id}`)
    expect(removed.status).toBe(200)
    expect(removed.body).toMatchObject({ userId: cara.id, user: { name: 'Cara' } })
    const unlinked = await admin.post(`/api/v1/workspace/unlink-users/${sales}`, { userIds: [bob.id] })
    expect(unlinked.status).toBe(200)
    expect(unlinked.body.map((m: { user: { name: string } }) => m.user.name)).toEqual(['Ada Admin'])
    expect(
      (await admin.get(`/api/v1/workspaceuser?userId=${cara.id}`)).body.map(
        (m: { workspaceId: string }) => m.workspaceId,
      ),
    ).toEqual([me.activeWorkspaceId])
  })

  it('refuses bad input naming the user or field, and changes nothing', async () => {
    const bob = await orgUser('Bob')
    const foreign = await otherOrganization(t)
    const before = await members()

    const stranger = await admin.post(`/api/v1/workspace/link-users/${sales}`, {
      users: [{ userId: bob.id }, { userId: foreign.userId }],
    })
    expect(stranger.status).toBe(400)
    expect(stranger.body.message).toBe(`users[1].userId: ${foreign.userId} is not a user of this organization`)
    expect(await members()).toEqual(before)

    const empty = await admin.post(`/api/v1/workspace/link-users/${sales}`, { users: [] })
    expect(empty.status).toBe(400)
    expect(empty.body.message).toBe('body.users: must name at least one user')
    const noBody = await admin.post(`/api/v1/workspace/link-users/${sales}`, {})
    expect(noBody.status).toBe(400)

    const twice = await admin.post(`/api/v1/workspace/link-users/${sales}`, {
      users: [{ userId: bob.id }, { userId: bob.id }],
    })
    expect(twice.body.message).toBe(`users[1].userId: ${bob.id} is listed twice`)

    const badRole = await admin.post(`/api/v1/workspace/link-users/${sales}`, {
      users: [{ userId: bob.id, roleId: randomUUID() }],
    })
    expect(badRole.status).toBe(400)
    expect(badRole.body.message).toMatch(/^users\[0\]\.roleId: no role .* in this organization$/)
    // Another organization's custom role is no role here.
    const foreignRole = randomUUID()
    await t.db
      .insertInto('roles')
      .values({
        id: foreignRole,
        organization_id: foreign.organizationId,
        name: 'Theirs',
        description: '',
        permissions: '[]',
        created_at: now(),
        updated_at: now(),
      })
      .execute()
    expect(
      (await admin.post(`/api/v1/workspace/link-users/${sales}`, { users: [{ userId: bob.id, roleId: foreignRole }] }))
        .status,
    ).toBe(400)
    expect(await members()).toEqual(before)

    expect((await admin.post(`/api/v1/workspace/link-users/${sales}`, { users: [{ userId: bob.id }] })).status).toBe(
      200,
    )
    const again = await admin.post(`/api/v1/workspace/link-users/${sales}`, { users: [{ userId: bob.id }] })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('users[0].userId: Bob (bob@example.com) is already a member of this workspace')

    const putForeignRole = await admin.put('/api/v1/workspaceuser', {
      workspaceId: sales,
      userId: bob.id,
      roleId: foreignRole,
    })
    expect(putForeignRole.status).toBe(400)
    expect(putForeignRole.body.message).toBe(`roleId: no role ${foreignRole} in this organization`)
    const putMissing = await admin.put('/api/v1/workspaceuser', { workspaceId: sales, userId: bob.id })
    expect(putMissing.body.message).toBe('body.roleId: is required')
    const notMember = await admin.put('/api/v1/workspaceuser', {
      workspaceId: sales,
      userId: foreign.userId,
      roleId: memberRole,
    })
    expect(notMember.status).toBe(404)
    expect(notMember.body.message).toBe(`userId: ${foreign.userId} is not a member of this workspace`)

    const owner = await admin.post(`/api/v1/workspace/unlink-users/${sales}`, { userIds: [me.id] })
    expect(owner.status).toBe(400)
    expect(owner.body.message).toBe(
      'userIds[0]: Ada Admin (ada@example.com) owns the organization and stays in every workspace',
    )
    const unknown = await admin.post(`/api/v1/workspace/unlink-users/${sales}`, { userIds: [bob.id, foreign.userId] })
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe(`userIds[1]: ${foreign.userId} is not a member of this workspace`)
    expect((await admin.post(`/api/v1/workspace/unlink-users/${sales}`, { userIds: [] })).body.message).toBe(
      'body.userIds: must name at least one user',
    )
    expect((await members()).map((m: { userId: string }) => m.userId).sort()).toEqual([me.id, bob.id].sort())
  })

  it('lets the owner role be only the admins’', async () => {
    const bob = await orgUser('Bob')
    // The built-in owner role arrives with the roles part; until then the test writes it.
    let owner = (
      await t.db
        .selectFrom('roles')
        .select('id')
        .where('organization_id', 'is', null)
        .where('name', '=', 'owner')
        .executeTakeFirst()
    )?.id
    if (!owner) {
      owner = randomUUID()
      await t.db
        .insertInto('roles')
        .values({
          id: owner,
          organization_id: null,
          name: 'owner',
          description: '',
          permissions: '[]',
          created_at: now(),
          updated_at: now(),
        })
        .execute()
    }
    const res = await admin.post(`/api/v1/workspace/link-users/${sales}`, {
      users: [{ userId: bob.id, roleId: owner }],
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(
      'users[0].roleId: the owner role belongs to the organization’s admins; choose another role',
    )
    expect(
      (await admin.put('/api/v1/workspaceuser', { workspaceId: me.activeWorkspaceId, userId: bob.id, roleId: owner }))
        .status,
    ).toBe(400)
  })
})
