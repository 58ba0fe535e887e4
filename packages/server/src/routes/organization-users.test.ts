import { ACCOUNT_DISABLED } from '@weft/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testDialects } from '../test/dialects.js'
import { ADMIN, browser, setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { linkIn, startSmtpInbox, type SmtpInbox } from '../test/smtp-inbox.js'
import { addWorkspace, builtInRoleId, createRole, signInMember } from '../test/workspace-members.js'
import { INVITE_EXPIRED, INVITE_REPLACED, INVITE_UNKNOWN, INVITE_USED } from '../services/invitations.service.js'

const PUBLIC_URL = 'https://weft.example.com'

describe.each(testDialects())('users and invitations on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  let me: { id: string; activeOrganizationId: string; activeWorkspaceId: string }
  // A fresh mail server per test, so each test sees only its own mails.
  let inbox: SmtpInbox
  beforeEach(async () => {
    inbox = await startSmtpInbox()
    t = await startTestApp({ dialect, env: { ...inbox.env, PLATFORM_TYPE: 'enterprise', WEFT_PUBLIC_URL: PUBLIC_URL } })
    admin = await setUpAdmin(t.app)
    me = (await admin.get('/api/v1/user')).body
  })
  afterEach(async () => {
    await t.close()
    await inbox.close()
  })

  const users = async (b: Browser = admin) => {
    const res = await b.get(`/api/v1/organizationuser?organizationId=${me.activeOrganizationId}`)
    expect(res.status).toBe(200)
    return res.body as any[]
  }
  const userNamed = async (email: string) => (await users()).find((u) => u.user.email === email)
  /** The token of the link in the next invitation mail to `email`, as the invited person's browser opens it. */
  const mailedToken = async (email: string) => {
    const mail = await inbox.nextMailTo(email)
    const link = new URL(linkIn(mail, '/register'))
    expect(link.origin + link.pathname).toBe(`${PUBLIC_URL}/register`)
    return { token: link.searchParams.get('token') ?? '', mail }
  }
  const register = (token: string, email: string, b = browser(t.app)) =>
    b.post('/api/v1/account/register', { name: 'Vic Invited', email, password: 'vic-password-1', token })

  it('invites into a chosen workspace with a role: the mailed link registers the user, who signs in there with that role', async () => {
    const workspaceId = await addWorkspace(t, admin)
    const viewer = await builtInRoleId(t, 'viewer')
    const res = await admin.post('/api/v1/account/invite', { email: 'Vic@Example.com', workspaceId, roleId: viewer })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      message: 'Invitation sent to vic@example.com',
      email: 'vic@example.com',
      workspaceId,
      roleId: viewer,
    })

    const pending = await userNamed('vic@example.com')
    expect(pending).toMatchObject({
      status: 'invited',
      isOrganizationAdmin: false,
      workspaces: [{ workspaceId, workspaceName: 'Other', roleName: 'viewer' }],
      invitation: { invitedBy: { id: me.id, email: ADMIN.email, name: ADMIN.name }, expired: false },
    })

    const { token, mail } = await mailedToken('vic@example.com')
    expect(mail.raw).toContain('Ada Admin (ada@example.com) invited you to the workspace Other')
    const preview = await browser(t.app).get(`/api/v1/account/invite?token=${encodeURIComponent(token)}`)
    expect(preview.status).toBe(200)
    expect(preview.body).toMatchObject({
      email: 'vic@example.com',
      workspace: 'Other',
      role: 'viewer',
      invitedBy: 'Ada Admin (ada@example.com)',
    })

    const wrongEmail = await register(token, 'mallory@example.com')
    expect(wrongEmail.status).toBe(400)
    expect(wrongEmail.body.message).toBe('email: this invitation is for vic@example.com')

    const vic = browser(t.app)
    expect((await register(token, 'vic@example.com', vic)).body.message).toBe(
      'Your account is ready. You can sign in now.',
    )
    const login = await vic.post('/api/v1/auth/login', { email: 'vic@example.com', password: 'vic-password-1' })
    expect(login.status).toBe(200)
    expect(login.body).toMatchObject({
      name: 'Vic Invited',
      activeWorkspaceId: workspaceId,
      role: 'viewer',
      isOrganizationAdmin: false,
    })
    expect(login.body.assignedWorkspaces).toEqual([{ id: workspaceId, name: 'Other' }])
    expect(login.body.permissions).toContain('chatflows:view')
    expect(login.body.permissions).not.toContain('chatflows:create')

    const active = await userNamed('vic@example.com')
    expect(active).toMatchObject({ status: 'active', invitation: null, user: { name: 'Vic Invited' } })
    expect(active.lastLogin).not.toBeNull()

    // The link is spent: using it again changes nothing.
    const again = await register(token, 'vic@example.com')
    expect(again.status).toBe(400)
    expect(again.body.message).toBe(INVITE_USED)
  })

  it('defaults to the inviter’s workspace and the member role; a member address answers 409 naming it', async () => {
    const res = await admin.post('/api/v1/account/invite', { email: 'mia@example.com', name: 'Mia' })
    expect(res.status).toBe(200)
    expect(res.body.workspaceId).toBe(me.activeWorkspaceId)
    expect(res.body.roleId).toBe(await builtInRoleId(t, 'member'))
    const { token } = await mailedToken('mia@example.com')
    expect((await register(token, 'mia@example.com')).status).toBe(200)

    for (const email of ['mia@example.com', ADMIN.email]) {
      const dup = await admin.post('/api/v1/account/invite', { email })
      expect(dup.status).toBe(409)
      expect(dup.body.message).toBe(`email: ${email} is already a member of this organization`)
    }
    expect(inbox.mails.filter((m) => m.to.includes('mia@example.com'))).toHaveLength(1)
  })

  it('names a bad workspace or role and invites nobody', async () => {
    const foreign = '00000000-0000-4000-8000-000000000001'
    const noWorkspace = await admin.post('/api/v1/account/invite', { email: 'x@example.com', workspaceId: foreign })
    expect(noWorkspace.status).toBe(404)
    expect(noWorkspace.body.message).toBe(`workspaceId: no workspace ${foreign} in this organization`)
    const noRole = await admin.post('/api/v1/account/invite', { email: 'x@example.com', roleId: foreign })
    expect(noRole.status).toBe(400)
    expect(noRole.body.message).toBe(`roleId: no role ${foreign} in this organization`)
    const badId = await admin.post('/api/v1/account/invite', { email: 'x@example.com', roleId: 'admin' })
    expect(badId.body.message).toBe('body.roleId: must be a role id')
    expect(await userNamed('x@example.com')).toBeUndefined()
    expect(inbox.mails.filter((m) => m.to.includes('x@example.com'))).toHaveLength(0)
  })

  it('inviting again replaces the pending invitation; resend sends a new link; revoke stops it', async () => {
    const other = await addWorkspace(t, admin)
    await admin.post('/api/v1/account/invite', { email: 'rae@example.com' })
    const first = (await mailedToken('rae@example.com')).token
    const replaced = await admin.post('/api/v1/account/invite', { email: 'rae@example.com', workspaceId: other })
    expect(replaced.status).toBe(200)
    expect(replaced.body.message).toBe('Invitation to rae@example.com replaced and sent again')
    const second = (await mailedToken('rae@example.com')).token
    expect((await userNamed('rae@example.com')).workspaces).toEqual([expect.objectContaining({ workspaceId: other })])

    const old = await register(first, 'rae@example.com')
    expect(old.status).toBe(400)
    expect(old.body.message).toBe(INVITE_REPLACED)

    const resent = await admin.post('/api/v1/account/invite/resend', { email: 'rae@example.com' })
    expect(resent.status).toBe(200)
    expect(resent.body.message).toBe('Invitation sent again to rae@example.com')
    const third = (await mailedToken('rae@example.com')).token
    expect((await register(second, 'rae@example.com')).body.message).toBe(INVITE_REPLACED)

    const revoked = await admin.delete('/api/v1/account/invite?email=rae@example.com')
    expect(revoked.status).toBe(200)
    expect(revoked.body.message).toBe('Invitation for rae@example.com revoked')
    expect(await userNamed('rae@example.com')).toBeUndefined()
    const dead = await register(third, 'rae@example.com')
    expect(dead.status).toBe(400)
    expect(dead.body.message).toBe(INVITE_UNKNOWN)
    expect((await t.db.selectFrom('users').select('id').where('email', '=', 'rae@example.com').execute()).length).toBe(
      0,
    )

    // (A resend here would be the address's fourth mail this hour: the mail limit answers first.)
    const gone = await admin.delete('/api/v1/account/invite?email=rae@example.com')
    expect(gone.status).toBe(404)
    expect(gone.body.message).toBe('email: no invitation for rae@example.com in this organization')
  })

  it('an expired invitation says so at registration and changes nothing', async () => {
    await admin.post('/api/v1/account/invite', { email: 'old@example.com' })
    const { token } = await mailedToken('old@example.com')
    await t.db
      .updateTable('account_tokens')
      .set({ expires_at: '2020-01-01T00:00:00.000Z' })
      .where('purpose', '=', 'invite')
      .execute()
    const preview = await browser(t.app).get(`/api/v1/account/invite?token=${encodeURIComponent(token)}`)
    expect(preview.status).toBe(400)
    expect(preview.body.message).toBe(INVITE_EXPIRED)
    const res = await register(token, 'old@example.com')
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(INVITE_EXPIRED)
    expect(await userNamed('old@example.com')).toMatchObject({ status: 'invited', invitation: { expired: true } })
    const login = await browser(t.app).post('/api/v1/auth/login', {
      email: 'old@example.com',
      password: 'vic-password-1',
    })
    expect(login.status).toBe(401)
  })

  it('invitation mails share the per-address mail limit with the other account mails', async () => {
    expect((await admin.post('/api/v1/account/invite', { email: 'lim@example.com' })).status).toBe(200)
    expect((await admin.post('/api/v1/account/invite/resend', { email: 'lim@example.com' })).status).toBe(200)
    expect((await browser(t.app).post('/api/v1/account/forgot-password', { email: 'lim@example.com' })).status).toBe(
      200,
    )
    const fourth = await admin.post('/api/v1/account/invite/resend', { email: 'lim@example.com' })
    expect(fourth.status).toBe(429)
    expect(fourth.body.message).toMatch(/^Too many emails were asked for this address/)
    expect(inbox.mails.filter((m) => m.to.includes('lim@example.com'))).toHaveLength(2)
  })

  it('a disabled user’s session stops at its next call, with a message saying so; sign-in says the same', async () => {
    const member = await signInMember(t, admin, await builtInRoleId(t, 'member'))
    const memberId = (await member.get('/api/v1/user')).body.id
    const created = await admin.post('/api/v1/apikey', { keyName: 'Script', permissions: ['chatflows:view'] })
    expect(created.status).toBe(201)

    const body = { organizationId: me.activeOrganizationId, userId: memberId }
    const disabled = await admin.put('/api/v1/organizationuser', { ...body, status: 'disabled' })
    expect(disabled.status).toBe(200)
    expect(disabled.body.status).toBe('disabled')

    const next = await member.get('/api/v1/chatflows')
    expect(next.status).toBe(401)
    expect(next.body.message).toBe(ACCOUNT_DISABLED)
    // Once the short access token has expired the app refreshes: that says why too.
    const refresh = await member.post('/api/v1/auth/refreshToken')
    expect(refresh.status).toBe(401)
    expect(refresh.body.message).toBe(ACCOUNT_DISABLED)
    const email = disabled.body.user.email as string
    const login = await browser(t.app).post('/api/v1/auth/login', { email, password: 'member-password' })
    expect(login.status).toBe(401)
    expect(login.body.message).toBe(ACCOUNT_DISABLED)
    // API keys belong to the workspace, not to a person: the workspace's key goes on working.
    const keyCall = await t.app.inject({
      method: 'GET',
      url: '/api/v1/chatflows',
      headers: { authorization: `Bearer ${created.body.apiKey}` },
    })
    expect(keyCall.statusCode).toBe(200)

    const enabled = await admin.put('/api/v1/organizationuser', { ...body, status: 'active' })
    expect(enabled.body.status).toBe('active')
    // Disabling ended the old session; signing in again works.
    expect((await member.get('/api/v1/user')).status).toBe(401)
    expect((await browser(t.app).post('/api/v1/auth/login', { email, password: 'member-password' })).status).toBe(200)

    const self = await admin.put('/api/v1/organizationuser', {
      organizationId: me.activeOrganizationId,
      userId: me.id,
      status: 'disabled',
    })
    expect(self.status).toBe(400)
    expect(self.body.message).toBe('status: you cannot disable your own account')
  })

  it('changes a user’s role in the active workspace and keeps the last organization admin', async () => {
    const member = await signInMember(t, admin, await builtInRoleId(t, 'member'))
    const memberId = (await member.get('/api/v1/user')).body.id
    const org = me.activeOrganizationId
    const viewer = await builtInRoleId(t, 'viewer')
    const changed = await admin.put('/api/v1/organizationuser', {
      organizationId: org,
      userId: memberId,
      roleId: viewer,
    })
    expect(changed.status).toBe(200)
    expect(changed.body.role).toEqual({ id: viewer, name: 'viewer' })
    expect((await member.get('/api/v1/user')).body.permissions).not.toContain('chatflows:create')

    const demoteSelf = await admin.put('/api/v1/organizationuser', {
      organizationId: org,
      userId: me.id,
      isOrganizationAdmin: false,
    })
    expect(demoteSelf.status).toBe(409)
    expect(demoteSelf.body.message).toBe(
      'Ada Admin (ada@example.com) is the organization’s last admin and cannot be made a non-admin. Make another user an organization admin first.',
    )
    const removeOwner = await member.delete(`/api/v1/organizationuser?organizationId=${org}&userId=${me.id}`)
    expect(removeOwner.status).toBe(403)

    const promoted = await admin.put('/api/v1/organizationuser', {
      organizationId: org,
      userId: memberId,
      isOrganizationAdmin: true,
    })
    expect(promoted.body.isOrganizationAdmin).toBe(true)
    expect((await member.get('/api/v1/user')).body.isOrganizationAdmin).toBe(true)
    const demoteAda = await member.put('/api/v1/organizationuser', {
      organizationId: org,
      userId: me.id,
      isOrganizationAdmin: false,
    })
    expect(demoteAda.status).toBe(200)
    expect(demoteAda.body.isOrganizationAdmin).toBe(false)
    const lastOne = await member.put('/api/v1/organizationuser', {
      organizationId: org,
      userId: memberId,
      isOrganizationAdmin: false,
    })
    expect(lastOne.status).toBe(409)
    expect(lastOne.body.message).toMatch(/is the organization’s last admin and cannot be made a non-admin/)
    const disableLast = await admin.put('/api/v1/organizationuser', {
      organizationId: org,
      userId: memberId,
      status: 'disabled',
    })
    expect(disableLast.status).toBe(403)
  })

  it('removes a user from the organization: their workspaces go, their session ends, the address can be invited again', async () => {
    const other = await addWorkspace(t, admin)
    const member = await signInMember(t, admin, await builtInRoleId(t, 'member'))
    const { id: memberId, email } = (await member.get('/api/v1/user')).body
    await t.db
      .insertInto('workspace_users')
      .values({
        workspace_id: other,
        user_id: memberId,
        role_id: null,
        status: 'active',
        last_login: null,
        created_at: '2026-12-02T00:00:00.000Z',
      })
      .execute()
    const org = me.activeOrganizationId

    const self = await admin.delete(`/api/v1/organizationuser?organizationId=${org}&userId=${me.id}`)
    expect(self.status).toBe(400)
    expect(self.body.message).toBe('userId: you cannot remove yourself from the organization')

    const removed = await admin.delete(`/api/v1/organizationuser?organizationId=${org}&userId=${memberId}`)
    expect(removed.status).toBe(200)
    expect(removed.body.message).toBe(`Member (${email}) was removed from the organization`)
    expect((await member.get('/api/v1/user')).status).toBe(401)
    expect(await userNamed(email)).toBeUndefined()
    expect(
      await t.db.selectFrom('workspace_users').select('workspace_id').where('user_id', '=', memberId).execute(),
    ).toEqual([])
    expect((await admin.post('/api/v1/account/invite', { email })).status).toBe(200)

    const missing = await admin.delete(`/api/v1/organizationuser?organizationId=${org}&userId=${memberId}`)
    expect(missing.status).toBe(404)
    const foreign = await admin.get('/api/v1/organizationuser?organizationId=00000000-0000-4000-8000-000000000002')
    expect(foreign.status).toBe(404)
  })

  it('enforces users:manage: a member is refused 403 and nothing changes; a role holding it invites only into its own workspaces', async () => {
    const member = await signInMember(t, admin, await builtInRoleId(t, 'member'))
    const org = me.activeOrganizationId
    expect((await member.get(`/api/v1/organizationuser?organizationId=${org}`)).status).toBe(403)
    expect(
      (await member.put('/api/v1/organizationuser', { organizationId: org, userId: me.id, status: 'disabled' })).status,
    ).toBe(403)
    expect((await member.delete(`/api/v1/organizationuser?organizationId=${org}&userId=${me.id}`)).status).toBe(403)
    expect((await member.post('/api/v1/account/invite', { email: 'eve@example.com' })).status).toBe(403)
    expect((await member.post('/api/v1/account/invite/resend', { email: 'eve@example.com' })).status).toBe(403)
    expect(await userNamed('eve@example.com')).toBeUndefined()
    expect((await browser(t.app).get(`/api/v1/organizationuser?organizationId=${org}`)).status).toBe(401)

    const other = await addWorkspace(t, admin)
    const manager = await signInMember(t, admin, await createRole(t, admin, ['users:manage', 'chatflows:view']))
    expect((await manager.post('/api/v1/account/invite', { email: 'ok@example.com' })).status).toBe(200)
    const elsewhere = await manager.post('/api/v1/account/invite', { email: 'no@example.com', workspaceId: other })
    expect(elsewhere.status).toBe(404)
    const options = (await manager.get('/api/v1/account/invite/options')).body
    expect(options.workspaces.map((w: { id: string }) => w.id)).toEqual([me.activeWorkspaceId])
    expect(options.roles.map((r: { name: string }) => r.name)).not.toContain('owner')
    const makeAdmin = await manager.put('/api/v1/organizationuser', {
      organizationId: org,
      userId: (await member.get('/api/v1/user')).body.id,
      isOrganizationAdmin: true,
    })
    expect(makeAdmin.status).toBe(403)
    expect(makeAdmin.body.message).toBe(
      'isOrganizationAdmin: only organization admins may make or unmake organization admins',
    )
  })
})
