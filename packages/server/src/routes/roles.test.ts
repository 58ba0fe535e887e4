import { randomUUID } from 'node:crypto'
import { BUILT_IN_ROLES, PERMISSIONS, type Role } from '@weft/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testDialects } from '../test/dialects.js'
import { browser, setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { builtInRoleId, createRole, signInMember } from '../test/workspace-members.js'

const now = () => new Date().toISOString()

/** Another organization with a custom role of its own, made in the database; answers both ids. */
async function otherOrganization(t: TestApp, admin: Browser): Promise<{ organizationId: string; roleId: string }> {
  const me = (await admin.get('/api/v1/user')).body
  const organizationId = randomUUID()
  await t.db
    .insertInto('organizations')
    .values({
      id: organizationId,
      name: 'Rival Ltd',
      owner_id: me.id,
      plan: 'free',
      subscription_id: null,
      customer_id: null,
      product_id: null,
      created_at: now(),
      updated_at: now(),
    })
    .execute()
  const roleId = randomUUID()
  await t.db
    .insertInto('roles')
    .values({
      id: roleId,
      organization_id: organizationId,
      name: 'Rival editors',
      description: 'theirs',
      permissions: JSON.stringify(['chatflows:view']),
      created_at: now(),
      updated_at: now(),
    })
    .execute()
  return { organizationId, roleId }
}

describe.each(testDialects())('/role on $name', (dialect) => {
  describe('enterprise', () => {
    let t: TestApp
    let admin: Browser
    let organizationId: string
    beforeEach(async () => {
      t = await startTestApp({ dialect, env: { PLATFORM_TYPE: 'enterprise' } })
      admin = await setUpAdmin(t.app)
      organizationId = (await admin.get('/api/v1/user')).body.activeOrganizationId
    })
    afterEach(() => t.close())

    const list = async (b: Browser = admin) => (await b.get<Role[]>('/api/v1/role')).body
    const create = (body: Record<string, unknown>, b: Browser = admin) => b.post('/api/v1/role', body)

    it('lists the built-in roles first, with their permissions, built-in flag and holders', async () => {
      const member = await signInMember(t, admin, await builtInRoleId(t, 'member'))
      void member
      const roles = await list()
      expect(roles.map((r) => r.name)).toEqual(['owner', 'admin', 'member', 'viewer'])
      for (const role of roles) {
        expect(role.builtIn).toBe(true)
        expect(role.organizationId).toBeNull()
        expect(role.permissions).toEqual(BUILT_IN_ROLES.find((r) => r.name === role.name)!.permissions)
      }
      const count = Object.fromEntries(roles.map((r) => [r.name, r.userCount]))
      // The organization admin is shown as owner; the member holds member in the workspace and the organization.
      expect(count).toEqual({ owner: 1, admin: 0, member: 1, viewer: 0 })
      expect(roles.find((r) => r.name === 'owner')!.permissions).toHaveLength(PERMISSIONS.length)
      // The same answer when the organization is named, as Flowise's UI asks.
      expect((await admin.get(`/api/v1/role?organizationId=${organizationId}`)).body).toEqual(roles)
    })

    it('creates a custom role, listed after the built-in ones and readable by id', async () => {
      const made = await create({
        name: 'Support editors',
        description: 'Edit the support flows',
        permissions: ['tools:view', 'chatflows:update', 'chatflows:view', 'chatflows:view'],
        organizationId,
      })
      expect(made.status).toBe(201)
      expect(made.body).toMatchObject({
        name: 'Support editors',
        description: 'Edit the support flows',
        // Each once, in the role dialog's order.
        permissions: ['chatflows:view', 'chatflows:update', 'tools:view'],
        builtIn: false,
        organizationId,
        userCount: 0,
      })
      expect((await list()).map((r) => r.name)).toEqual(['owner', 'admin', 'member', 'viewer', 'Support editors'])
      const one = await admin.get(`/api/v1/role?id=${made.body.id}`)
      expect(one.status).toBe(200)
      expect(one.body).toEqual(made.body)
      const builtIn = await admin.get(`/api/v1/role?id=${await builtInRoleId(t, 'viewer')}`)
      expect(builtIn.body).toMatchObject({ name: 'viewer', builtIn: true })
    })

    it('reads permissions sent as JSON text, as Flowise’s role dialog sends them', async () => {
      const made = await create({ name: 'Scripted', permissions: JSON.stringify(['variables:view']) })
      expect(made.status).toBe(201)
      expect(made.body.permissions).toEqual(['variables:view'])
      const bad = await create({ name: 'Scripted 2', permissions: JSON.stringify(['variables:view', 'nope:x']) })
      expect(bad.status).toBe(400)
      expect(bad.body.message).toBe('body.permissions.1: nope:x is not a permission')
      const garbled = await create({ name: 'Scripted 3', permissions: '[variables' })
      expect(garbled.status).toBe(400)
      expect(garbled.body.message).toContain('body.permissions')
    })

    it('refuses bad input naming the field, and changes nothing', async () => {
      const cases: [Record<string, unknown>, number, string][] = [
        [
          { name: 'Editors', permissions: ['chatflows:view', 'chatflows:fly'] },
          400,
          'chatflows:fly is not a permission',
        ],
        [{ name: 'Editors', permissions: [] }, 400, 'body.permissions: choose at least one permission'],
        [{ name: 'Editors' }, 400, 'body.permissions'],
        [{ name: '   ', permissions: ['chatflows:view'] }, 400, 'body.name: is required'],
        [{ permissions: ['chatflows:view'] }, 400, 'body.name'],
        [{ name: 'x'.repeat(101), permissions: ['chatflows:view'] }, 400, 'body.name: must be at most 100 characters'],
        [{ name: 'Viewer', permissions: ['chatflows:view'] }, 409, 'name: Viewer is the name of a built-in role'],
      ]
      for (const [body, status, message] of cases) {
        const res = await create(body)
        expect(res.status, JSON.stringify(body)).toBe(status)
        expect(res.body.message, JSON.stringify(body)).toContain(message)
      }
      expect((await create({ name: 'Editors', permissions: ['chatflows:view'] })).status).toBe(201)
      const taken = await create({ name: 'editors', permissions: ['tools:view'] })
      expect(taken.status).toBe(409)
      expect(taken.body.message).toBe('name: a role named Editors already exists')
      expect((await list()).map((r) => r.name)).toEqual(['owner', 'admin', 'member', 'viewer', 'Editors'])
    })

    it('changes a custom role’s name, description and permissions', async () => {
      const { id } = (await create({ name: 'Editors', permissions: ['chatflows:view'] })).body
      const changed = await admin.put('/api/v1/role', {
        id,
        name: 'Flow editors',
        description: 'Edit flows',
        permissions: ['chatflows:view', 'chatflows:update'],
      })
      expect(changed.status).toBe(200)
      expect(changed.body).toMatchObject({
        id,
        name: 'Flow editors',
        description: 'Edit flows',
        permissions: ['chatflows:view', 'chatflows:update'],
      })
      // Leaving a field out leaves it alone.
      const described = await admin.put('/api/v1/role', { id, description: 'Only edits' })
      expect(described.body).toMatchObject({
        name: 'Flow editors',
        permissions: ['chatflows:view', 'chatflows:update'],
      })

      await create({ name: 'Readers', permissions: ['tools:view'] })
      const clash = await admin.put('/api/v1/role', { id, name: 'READERS' })
      expect(clash.status).toBe(409)
      expect(clash.body.message).toContain('name: a role named Readers already exists')
      const empty = await admin.put('/api/v1/role', { id, permissions: [] })
      expect(empty.status).toBe(400)
      const unknown = await admin.put('/api/v1/role', { id, permissions: ['logs:delete'] })
      expect(unknown.status).toBe(400)
      expect(unknown.body.message).toBe('body.permissions.0: logs:delete is not a permission')
      expect((await admin.get(`/api/v1/role?id=${id}`)).body).toMatchObject({
        name: 'Flow editors',
        description: 'Only edits',
        permissions: ['chatflows:view', 'chatflows:update'],
      })
      expect((await admin.put('/api/v1/role', { id: randomUUID(), name: 'Ghost' })).status).toBe(404)
    })

    it('never changes or deletes a built-in role', async () => {
      const viewerId = await builtInRoleId(t, 'viewer')
      const before = (await admin.get(`/api/v1/role?id=${viewerId}`)).body
      const change = await admin.put('/api/v1/role', { id: viewerId, permissions: ['users:manage'] })
      expect(change.status).toBe(403)
      expect(change.body.message).toBe('The built-in role viewer cannot be changed; make a custom role instead')
      const remove = await admin.delete(`/api/v1/role/${viewerId}`)
      expect(remove.status).toBe(403)
      expect(remove.body.message).toBe('The built-in role viewer cannot be deleted; make a custom role instead')
      expect((await admin.get(`/api/v1/role?id=${viewerId}`)).body).toEqual(before)
    })

    it('deletes a role no one holds, and refuses one still held, saying how many hold it', async () => {
      const held = await createRole(t, admin, ['chatflows:view'])
      await signInMember(t, admin, held)
      await signInMember(t, admin, held)
      const refused = await admin.delete(`/api/v1/role/${held}?organizationId=${organizationId}`)
      expect(refused.status).toBe(409)
      expect(refused.body.message).toMatch(/cannot be deleted: 2 users hold it\. Give them another role first$/)
      expect((await list()).find((r) => r.id === held)!.userCount).toBe(2)

      const free = (await create({ name: 'Unused', permissions: ['tools:view'] })).body.id
      const gone = await admin.delete(`/api/v1/role/${free}`)
      expect(gone.status).toBe(200)
      expect(gone.body).toEqual({ id: free, message: 'Role Unused deleted' })
      expect((await admin.get(`/api/v1/role?id=${free}`)).status).toBe(404)
      expect((await admin.delete(`/api/v1/role/${free}`)).status).toBe(404)

      // Flowise's spelling: DELETE /role?id=&organizationId=
      const other = (await create({ name: 'Other', permissions: ['tools:view'] })).body.id
      expect((await admin.delete(`/api/v1/role?id=${other}&organizationId=${organizationId}`)).status).toBe(200)
      expect((await admin.delete('/api/v1/role')).status).toBe(400)
    })

    it('answers 404 for another organization’s role or organization, and never lists them', async () => {
      const rival = await otherOrganization(t, admin)
      expect((await admin.get(`/api/v1/role?id=${rival.roleId}`)).status).toBe(404)
      expect((await admin.get(`/api/v1/role?organizationId=${rival.organizationId}`)).status).toBe(404)
      expect((await admin.put('/api/v1/role', { id: rival.roleId, name: 'Mine now' })).status).toBe(404)
      expect((await admin.delete(`/api/v1/role/${rival.roleId}`)).status).toBe(404)
      expect((await admin.delete(`/api/v1/role/${rival.roleId}?organizationId=${rival.organizationId}`)).status).toBe(
        404,
      )
      const into = await create({ name: 'Planted', permissions: ['tools:view'], organizationId: rival.organizationId })
      expect(into.status).toBe(404)
      expect((await list()).map((r) => r.name)).not.toContain('Rival editors')
      // Their role's name is free here.
      expect((await create({ name: 'Rival editors', permissions: ['tools:view'] })).status).toBe(201)
      const theirs = await t.db.selectFrom('roles').selectAll().where('id', '=', rival.roleId).executeTakeFirstOrThrow()
      expect(theirs.name).toBe('Rival editors')
      expect(JSON.parse(theirs.permissions)).toEqual(['chatflows:view'])
    })

    it('needs roles:manage: members are refused, a custom role with it may manage roles', async () => {
      const member = await signInMember(t, admin, await builtInRoleId(t, 'member'))
      const workspaceAdmin = await signInMember(t, admin, await builtInRoleId(t, 'admin'))
      const { id } = (await create({ name: 'Editors', permissions: ['chatflows:view'] })).body
      for (const b of [member, workspaceAdmin]) {
        expect((await b.post('/api/v1/role', { name: 'Mine', permissions: ['chatflows:view'] })).status).toBe(403)
        expect((await b.put('/api/v1/role', { id, permissions: ['users:manage'] })).status).toBe(403)
        expect((await b.delete(`/api/v1/role/${id}`)).status).toBe(403)
      }
      expect((await member.get('/api/v1/role')).status).toBe(403)
      // A workspace admin adds members with a role, so may read the roles.
      expect((await workspaceAdmin.get('/api/v1/role')).status).toBe(200)
      expect((await browser(t.app).get('/api/v1/role')).status).toBe(401)

      const manager = await signInMember(t, admin, await createRole(t, admin, ['roles:manage']))
      expect((await manager.put('/api/v1/role', { id, description: 'by the manager' })).status).toBe(200)
      expect((await admin.get(`/api/v1/role?id=${id}`)).body.description).toBe('by the manager')
    })

    it('applies a role change to its holders’ next request', async () => {
      const roleId = (await create({ name: 'Flow readers', permissions: ['chatflows:view', 'tools:view'] })).body.id
      const reader = await signInMember(t, admin, roleId)
      expect((await reader.get('/api/v1/chatflows')).status).toBe(200)
      expect((await admin.put('/api/v1/role', { id: roleId, permissions: ['tools:view'] })).status).toBe(200)
      expect((await reader.get('/api/v1/chatflows')).status).toBe(403)
      expect((await reader.get('/api/v1/tools')).status).toBe(200)
      expect((await reader.get('/api/v1/user')).body.permissions).toEqual(['tools:view'])
      await admin.put('/api/v1/role', { id: roleId, permissions: ['chatflows:view'] })
      expect((await reader.get('/api/v1/chatflows')).status).toBe(200)
    })
  })

  describe('open source', () => {
    let t: TestApp
    let admin: Browser
    beforeEach(async () => {
      t = await startTestApp({ dialect })
      admin = await setUpAdmin(t.app)
    })
    afterEach(() => t.close())

    it('leaves roles to the organization’s admins, even for a role naming roles:manage', async () => {
      expect((await admin.get('/api/v1/role')).status).toBe(200)
      expect((await admin.post('/api/v1/role', { name: 'Editors', permissions: ['chatflows:view'] })).status).toBe(201)
      const member = await signInMember(t, admin, await createRole(t, admin, ['roles:manage']))
      expect((await member.get('/api/v1/role')).status).toBe(403)
      expect((await member.post('/api/v1/role', { name: 'Mine', permissions: ['chatflows:view'] })).status).toBe(403)
    })
  })
})
