import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { InviteOptions, OrganizationUser } from '@weft/core'
import { renderApp, resetApp } from '../../test/renderApp'
import { json, restServer } from '../credentials/test/restServer'
import { freshAdmin } from '../flows/test/flowServer'

configure({ asyncUtilTimeout: 5000 })

const ago = (ms: number) => new Date(Date.now() - ms).toISOString()
const DAY = 86_400_000

const person = (id: string, name: string, email: string, extra: Partial<OrganizationUser> = {}): OrganizationUser => ({
  organizationId: 'o1',
  userId: id,
  roleId: null,
  status: 'active',
  isOrganizationAdmin: false,
  isOrgOwner: false,
  createdDate: ago(10 * DAY),
  lastLogin: ago(2 * DAY),
  user: { id, name, email, status: 'active', lastLogin: ago(2 * DAY) },
  role: { id: 'r-member', name: 'member' },
  workspaces: [
    { workspaceId: 'WS', workspaceName: 'Default', roleId: 'r-member', roleName: 'member', lastLogin: null },
  ],
  invitation: null,
  ...extra,
})

const OPTIONS: InviteOptions = {
  workspaces: [
    { id: 'WS', name: 'Default' },
    { id: 'w2', name: 'Research' },
  ],
  roles: [
    { id: 'r-admin', name: 'admin', description: 'Runs the workspace', builtIn: true },
    { id: 'r-member', name: 'member', description: 'Builds and runs flows', builtIn: true },
    { id: 'r-viewer', name: 'viewer', description: 'Sees, changes nothing', builtIn: true },
  ],
  defaultRoleId: 'r-member',
  activeWorkspaceId: 'WS',
}

/** /organizationuser and the invite calls over an in-memory list. */
function usersServer(initial: OrganizationUser[], { failList = false } = {}) {
  let users = [...initial]
  return restServer((method, path, body) => {
    const data = body as Record<string, unknown> | undefined
    if (method === 'GET' && path.startsWith('/organizationuser?'))
      return failList ? json({ message: 'Database is busy' }, 500) : json(users)
    if (method === 'GET' && path === '/account/invite/options') return json(OPTIONS)
    if (method === 'POST' && path === '/account/invite' && data) {
      if (data.email === 'bea@example.com')
        return json({ message: 'email: bea@example.com is already a member of this organization' }, 409)
      const email = String(data.email)
      users = [
        ...users,
        person('u9', '', email, {
          status: 'invited',
          lastLogin: null,
          role: null,
          workspaces: [
            {
              workspaceId: String(data.workspaceId),
              workspaceName: 'Research',
              roleId: String(data.roleId),
              roleName: 'viewer',
              lastLogin: null,
            },
          ],
          invitation: {
            invitedBy: { id: 'u1', name: 'Ada', email: 'ada@example.com' },
            invitedAt: ago(0),
            sentAt: ago(0),
            expiresAt: null,
            expired: false,
          },
        }),
      ]
      return json({ message: `Invitation sent to ${email}`, id: 'u9' })
    }
    if (method === 'PUT' && path === '/organizationuser' && data) {
      users = users.map((u) =>
        u.userId === data.userId ? { ...u, status: data.status as OrganizationUser['status'] } : u,
      )
      return json(users.find((u) => u.userId === data.userId))
    }
    if (method === 'DELETE' && path.startsWith('/organizationuser?')) {
      const userId = new URLSearchParams(path.split('?')[1]).get('userId')
      users = users.filter((u) => u.userId !== userId)
      return json({ message: 'removed' })
    }
    if (method === 'POST' && path === '/account/invite/resend') return json({ message: 'sent' })
    if (method === 'DELETE' && path.startsWith('/account/invite?')) {
      const email = new URLSearchParams(path.split('?')[1]).get('email')
      users = users.filter((u) => u.user.email !== email)
      return json({ message: 'revoked' })
    }
    return undefined
  })
}

const signedIn = () => {
  const user = freshAdmin()
  return {
    ...user,
    id: 'u1',
    activeWorkspaceId: 'WS',
    assignedWorkspaces: [{ id: 'WS', name: 'Default' }],
    features: { 'feat:users': true },
    permissions: ['users:manage'],
  }
}

const ada = person('u1', 'Ada', 'ada@example.com', {
  isOrganizationAdmin: true,
  isOrgOwner: true,
  role: { id: null, name: 'owner' },
})
const bea = person('u2', 'Bea', 'bea@example.com')
const cid = person('u3', 'Cid', 'cid@example.com', {
  status: 'invited',
  lastLogin: null,
  user: { id: 'u3', name: '', email: 'cid@example.com', status: 'invited', lastLogin: null },
  invitation: {
    invitedBy: { id: 'u1', name: 'Ada', email: 'ada@example.com' },
    invitedAt: ago(DAY),
    sentAt: ago(DAY),
    expiresAt: null,
    expired: false,
  },
})

const openUsers = async () => {
  renderApp('/users', { platform: 'enterprise', user: signedIn() })
  return screen.findByRole('table', { name: 'Users' }, { timeout: 10_000 })
}
const confirmDialog = () => screen.findByRole('dialog', { name: /Revoke invitation|Disable user|Remove user/ })

describe('Users screen', { timeout: 30_000 }, () => {
  afterEach(resetApp)

  it('lists users with status, role, workspaces and last login, the invitation still pending with who sent it', async () => {
    usersServer([bea, ada, cid])
    const table = await openUsers()
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['User', 'Status', 'Role', 'Workspaces', 'Last Login', 'Actions'])
    const adaRow = within(table).getByText('Ada').closest('tr')!
    expect(within(adaRow).getByText('You')).toBeTruthy()
    // The role shows in its column, and under the e-mail where the column gives way on phones.
    expect(within(adaRow).getAllByText('Owner')).toHaveLength(2)
    expect(within(adaRow).queryByRole('button', { name: 'Disable Ada' })).toBeNull()
    expect(within(adaRow).queryByRole('button', { name: 'Remove Ada' })).toBeNull()
    const beaRow = within(table).getByText('Bea').closest('tr')!
    expect(within(beaRow).getAllByText('Active')).toHaveLength(2)
    expect(within(beaRow).getAllByText('member')).toHaveLength(2)
    expect(within(beaRow).getByText('Default · member')).toBeTruthy()
    expect(within(beaRow).getByText('2 days ago')).toBeTruthy()
    const cidRow = within(table).getByText('cid@example.com').closest('tr')!
    expect(within(cidRow).getAllByText('Invited')).toHaveLength(2)
    expect(within(cidRow).getByText('Not registered yet')).toBeTruthy()
    expect(within(cidRow).getByText(/^Sent a day ago/).textContent).toBe('Sent a day agoby Ada')
    expect(within(cidRow).getByText('Never')).toBeTruthy()
    expect(within(cidRow).getByRole('button', { name: 'Resend invitation to cid@example.com' })).toBeTruthy()
  })

  it('invites by e-mail into a chosen workspace with a chosen role, and shows the server’s reason in the form', async () => {
    const server = usersServer([ada])
    await openUsers()
    fireEvent.click(screen.getByRole('button', { name: 'Invite User' }))
    const dialog = await screen.findByRole('dialog', { name: 'Invite User' })
    await within(dialog).findByLabelText('Workspace')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }))
    expect(await within(dialog).findByText('Email is required')).toBeTruthy()

    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'bea@example.com' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }))
    expect(
      await within(dialog).findByText('email: bea@example.com is already a member of this organization'),
    ).toBeTruthy()

    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'dan@example.com' } })
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Workspace' }))
    fireEvent.click(await screen.findByRole('option', { name: 'Research' }))
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Role' }))
    fireEvent.click(await screen.findByRole('option', { name: 'viewer' }))
    expect(within(dialog).getByText('Sees, changes nothing')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }))

    expect(await screen.findByText('Invitation sent to dan@example.com')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite User' })).toBeNull())
    expect(
      server
        .calls('POST')
        .filter((c) => c.path === '/account/invite')
        .at(-1),
    ).toEqual({
      path: '/account/invite',
      body: { email: 'dan@example.com', workspaceId: 'w2', roleId: 'r-viewer' },
    })
    const row = (await screen.findByText('dan@example.com')).closest('tr')!
    expect(within(row).getAllByText('Invited')).toHaveLength(2)
  })

  it('disables and removes a user after a confirm, and revokes an invitation after a confirm', async () => {
    const server = usersServer([ada, bea, cid])
    const table = await openUsers()
    fireEvent.click(within(table).getByRole('button', { name: 'Disable Bea' }))
    const ask = await confirmDialog()
    expect(ask.textContent).toContain('They are signed out at once')
    fireEvent.click(within(ask).getByRole('button', { name: 'Disable' }))
    expect(await screen.findByText('Bea disabled')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const beaRow = (await screen.findAllByText('Disabled'))[0]!.closest('tr')!
    expect(within(beaRow).getByRole('button', { name: 'Enable Bea' })).toBeTruthy()
    expect(server.calls('PUT')).toEqual([
      { path: '/organizationuser', body: { organizationId: 'o1', userId: 'u2', status: 'disabled' } },
    ])

    fireEvent.click(within(beaRow).getByRole('button', { name: 'Remove Bea' }))
    const remove = await confirmDialog()
    expect(remove.textContent).toContain('Remove Bea from the organization? They leave Default')
    fireEvent.click(within(remove).getByRole('button', { name: 'Remove' }))
    expect(await screen.findByText('Bea removed from the organization')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(screen.queryByText('bea@example.com')).toBeNull())

    fireEvent.click(screen.getByRole('button', { name: 'Revoke invitation of cid@example.com' }))
    const revoke = await confirmDialog()
    fireEvent.click(within(revoke).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(server.calls('DELETE').filter((c) => c.path.startsWith('/account/invite'))).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: 'Revoke invitation of cid@example.com' }))
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Revoke' }))
    expect(await screen.findByText('Invitation for cid@example.com revoked')).toBeTruthy()
    await waitFor(() => expect(screen.queryByText('cid@example.com')).toBeNull())
  })

  it('says why the list could not load, with a retry', async () => {
    usersServer([ada], { failList: true })
    renderApp('/users', { platform: 'enterprise', user: signedIn() })
    expect(await screen.findByText('Could not load users', {}, { timeout: 10_000 })).toBeTruthy()
    expect(screen.getByText('Database is busy')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
  })
})
