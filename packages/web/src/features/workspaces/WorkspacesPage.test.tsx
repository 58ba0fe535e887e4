import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import {
  EMPTY_WORKSPACE_COUNTS,
  PERMISSIONS,
  type LoginResponse,
  type User,
  type Workspace,
  type WorkspaceCounts,
  type WorkspaceUser,
} from '@weft/core'
import { afterEach, describe, expect, it } from 'vitest'
import { useSession } from '../../store/session'
import { admin, renderApp, resetApp } from '../../test/renderApp'
import { json, restServer } from '../credentials/test/restServer'

configure({ asyncUtilTimeout: 5000 })

const none: WorkspaceCounts = { ...EMPTY_WORKSPACE_COUNTS }

const workspaceOf = (id: string, name: string, extra: Partial<Workspace> = {}): Workspace => ({
  id,
  name,
  description: '',
  organizationId: 'o1',
  isDefault: false,
  createdDate: '2024-01-01T00:00:00.000Z',
  updatedDate: '2024-01-01T00:00:00.000Z',
  userCount: 1,
  counts: none,
  ...extra,
})

const defaultWs = workspaceOf('w1', 'Main', { isDefault: true, userCount: 2 })
const sales = workspaceOf('w2', 'Sales', {
  description: 'Deals and leads',
  userCount: 2,
  counts: { ...none, chatflows: 3, credentials: 1 },
})

/** An enterprise organization admin in two workspaces. */
const enterpriseAdmin = (): LoginResponse => ({
  ...admin,
  assignedWorkspaces: [
    { id: 'w1', name: 'Default' },
    { id: 'w2', name: 'Sales' },
  ],
  permissions: [...PERMISSIONS],
  features: { 'feat:workspaces': true },
})

const memberOf = (
  workspaceId: string,
  userId: string,
  name: string,
  role: string,
  extra: Partial<WorkspaceUser> = {},
): WorkspaceUser => ({
  workspaceId,
  userId,
  roleId: `r-${role}`,
  status: 'active',
  lastLogin: null,
  createdDate: '2024-01-01T00:00:00.000Z',
  isOrgOwner: false,
  user: { id: userId, name, email: `${name.toLowerCase()}@example.com`, status: 'active' },
  role: { id: `r-${role}`, name: role },
  workspace: { id: workspaceId, name: workspaceId },
  ...extra,
})

/** The workspace API over in-memory lists; a taken name answers 409 as the server does. */
function workspaceServer(initial: Workspace[], options: { me?: () => User } = {}) {
  let workspaces = [...initial]
  let members: WorkspaceUser[] = [
    memberOf('w2', 'u1', 'Ada', 'owner', { isOrgOwner: true, roleId: null, role: { id: null, name: 'owner' } }),
    memberOf('w2', 'u2', 'Bob', 'viewer'),
    memberOf('w1', 'u3', 'Cara', 'member'),
  ]
  return restServer((method, path, body) => {
    const data = body as Record<string, unknown> | undefined
    if (method === 'GET' && path === '/user') return options.me ? json(options.me()) : undefined
    if (method === 'GET' && path === '/workspace?organizationId=o1') return json(workspaces)
    const one = path.match(/^\/workspace\?id=(.+)$/)?.[1]
    if (method === 'GET' && one) {
      const found = workspaces.find((w) => w.id === one)
      return found ? json(found) : json({ message: 'Workspace not found' }, 404)
    }
    if (method === 'POST' && path === '/workspace' && data) {
      if (workspaces.some((w) => w.name.toLowerCase() === String(data.name).toLowerCase()))
        return json(
          { message: `name: a workspace named '${String(data.name)}' already exists in this organization` },
          409,
        )
      const created = workspaceOf(`w${workspaces.length + 1}`, String(data.name), {
        description: String(data.description),
      })
      workspaces = [...workspaces, created]
      return json(created, 201)
    }
    if (method === 'PUT' && path === '/workspace' && data) {
      workspaces = workspaces.map((w) => (w.id === data.id ? { ...w, ...data } : w))
      return json(workspaces.find((w) => w.id === data.id))
    }
    const deleted = path.match(/^\/workspace\/(w\d+)$/)?.[1]
    if (method === 'DELETE' && deleted) {
      const gone = workspaces.find((w) => w.id === deleted)!
      workspaces = workspaces.filter((w) => w.id !== deleted)
      return json({ id: deleted, name: gone.name, deleted: { ...gone.counts, members: gone.userCount } })
    }
    if (method === 'GET' && path === '/workspaceuser?workspaceId=w2')
      return json(members.filter((m) => m.workspaceId === 'w2'))
    if (method === 'GET' && path === '/workspaceuser?organizationId=o1') return json(members)
    if (method === 'GET' && path === '/role?organizationId=o1')
      return json(
        ['owner', 'admin', 'member', 'viewer'].map((name) => ({
          id: `r-${name}`,
          organizationId: null,
          name,
          description: `The ${name} role`,
          builtIn: true,
        })),
      )
    if (method === 'POST' && path === '/workspace/link-users/w2' && data) {
      const added = (data.users as { userId: string; roleId: string }[]).map((u) =>
        memberOf('w2', u.userId, members.find((m) => m.userId === u.userId)!.user.name, u.roleId.slice(2)),
      )
      members = [...members, ...added]
      return json(members.filter((m) => m.workspaceId === 'w2'))
    }
    if (method === 'POST' && path === '/workspace/unlink-users/w2' && data) {
      const ids = data.userIds as string[]
      members = members.filter((m) => !(m.workspaceId === 'w2' && ids.includes(m.userId)))
      return json(members.filter((m) => m.workspaceId === 'w2'))
    }
    if (method === 'PUT' && path === '/workspaceuser' && data) {
      const role = String(data.roleId)
      members = members.map((m) =>
        m.workspaceId === data.workspaceId && m.userId === data.userId
          ? { ...m, roleId: role, role: { id: role, name: role.slice(2) } }
          : m,
      )
      return json(members.find((m) => m.workspaceId === data.workspaceId && m.userId === data.userId))
    }
    return undefined
  })
}

describe('workspaces screen', { timeout: 30_000 }, () => {
  afterEach(resetApp)

  it('lists each workspace with its members and what it holds, linking to its members', async () => {
    workspaceServer([defaultWs, sales])
    renderApp('/workspaces', { platform: 'enterprise', user: enterpriseAdmin() })
    const table = await screen.findByRole('table', { name: 'Workspaces' }, { timeout: 10_000 })
    const [, first, second] = within(table).getAllByRole('row')
    expect(within(first!).getByRole('link', { name: 'Main' })).toBeTruthy()
    expect(within(first!).getByText('Default')).toBeTruthy()
    expect(within(first!).getByText('Empty')).toBeTruthy()
    expect(within(first!).getByText('Current')).toBeTruthy()
    // The default workspace cannot be deleted: no button for it.
    expect(within(first!).queryByRole('button', { name: 'Delete Main' })).toBeNull()
    expect(within(first!).getByRole('button', { name: 'Edit Main' })).toBeTruthy()
    expect(within(second!).getByText('Deals and leads')).toBeTruthy()
    expect(within(second!).getAllByText('2 members').length).toBeGreaterThan(0)
    expect(within(second!).getByText('3 chatflows · 1 credential')).toBeTruthy()
    expect(within(second!).getByRole('link', { name: 'Sales' }).getAttribute('href')).toBe('/workspace-users/w2')
  })

  it('adds a workspace, showing a missing or taken name, and renames one in the session too', async () => {
    const server = workspaceServer([defaultWs, sales])
    renderApp('/workspaces', { platform: 'enterprise', user: enterpriseAdmin() })
    fireEvent.click(await screen.findByRole('button', { name: 'Add Workspace' }, { timeout: 10_000 }))
    let dialog = await screen.findByRole('dialog', { name: 'Add Workspace' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }))
    expect(await within(dialog).findByText('Name is required')).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'x'.repeat(101) } })
    expect(await within(dialog).findByText('Name must be at most 100 characters')).toBeTruthy()
    expect(server.calls('POST')).toEqual([])
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'sales' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }))
    expect(
      await within(dialog).findByText("name: a workspace named 'sales' already exists in this organization"),
    ).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '  Support  ' } })
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Tickets' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }))
    expect(await screen.findByText('Workspace Support added')).toBeTruthy()
    expect(server.calls('POST').at(-1)).toEqual({
      path: '/workspace',
      body: { name: 'Support', description: 'Tickets' },
    })
    expect(await screen.findByText('Tickets')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Edit Sales' }))
    dialog = await screen.findByRole('dialog', { name: 'Edit Sales' })
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Sales EMEA' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Workspace Sales EMEA saved')).toBeTruthy()
    expect(server.calls('PUT')).toEqual([
      { path: '/workspace', body: { id: 'w2', name: 'Sales EMEA', description: 'Deals and leads' } },
    ])
    expect(useSession.getState().user?.assignedWorkspaces).toEqual([
      { id: 'w1', name: 'Default' },
      { id: 'w2', name: 'Sales EMEA' },
    ])
  })

  it('deletes a workspace only after a confirm naming what it holds', async () => {
    const server = workspaceServer([defaultWs, sales])
    renderApp('/workspaces', { platform: 'enterprise', user: enterpriseAdmin() })
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Sales' }, { timeout: 10_000 }))
    let dialog = await screen.findByRole('dialog', { name: 'Delete workspace' })
    expect(dialog.textContent).toContain(
      "Delete 'Sales'? This deletes 3 chatflows and 1 credential in it. 2 members lose access to it.",
    )
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(server.calls('DELETE')).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: 'Delete Sales' }))
    dialog = await screen.findByRole('dialog', { name: 'Delete workspace' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Workspace Sales deleted')).toBeTruthy()
    expect(server.calls('DELETE').map((call) => call.path)).toEqual(['/workspace/w2'])
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Sales' })).toBeNull())
  })

  it('shows why the list did not load, and hides the buttons a viewer may not use', async () => {
    const server = workspaceServer([defaultWs, sales])
    const answer = server.fetch.getMockImplementation()!
    let failed = false
    server.fetch.mockImplementation(async (url, init) => {
      if (failed || !String(url).startsWith('/api/v1/workspace?')) return answer(url, init)
      failed = true
      return json({ message: 'Database is busy' }, 500)
    })
    renderApp('/workspaces', {
      platform: 'enterprise',
      user: { ...enterpriseAdmin(), isOrganizationAdmin: false, role: 'reader', permissions: ['workspace:view'] },
    })
    expect(await screen.findByText('Could not load workspaces', {}, { timeout: 10_000 })).toBeTruthy()
    expect(screen.getByText('Database is busy')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('table', { name: 'Workspaces' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Add Workspace' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Edit Sales' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Delete Sales' })).toBeNull()
  })
})

describe('workspace members screen', { timeout: 30_000 }, () => {
  afterEach(resetApp)

  it('lists members with role chips, adds people with a role, changes a role and removes after a confirm', async () => {
    const server = workspaceServer([defaultWs, sales])
    renderApp('/workspace-users/w2', { platform: 'enterprise', user: enterpriseAdmin() })
    expect(await screen.findByRole('heading', { level: 1, name: 'Sales members' }, { timeout: 10_000 })).toBeTruthy()
    const table = await screen.findByRole('table', { name: 'Members' })
    const [, ada, bob] = within(table).getAllByRole('row')
    expect(within(ada!).getByText('owner')).toBeTruthy()
    expect(within(ada!).getByText('(you)')).toBeTruthy()
    expect(within(bob!).getByText('viewer')).toBeTruthy()
    expect(within(bob!).getByText('bob@example.com')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Add Members' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add members to Sales' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }))
    expect(await within(dialog).findByText('Choose at least one person')).toBeTruthy()
    const people = within(dialog).getByLabelText('People')
    fireEvent.change(people, { target: { value: 'Ca' } })
    fireEvent.click(await screen.findByRole('option', { name: /Cara/ }))
    // Nobody already in the workspace is offered.
    fireEvent.change(people, { target: { value: 'Bob' } })
    expect(screen.queryByRole('option', { name: /Bob/ })).toBeNull()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }))
    expect(await screen.findByText('Member added to Sales')).toBeTruthy()
    expect(server.calls('POST').at(-1)).toEqual({
      path: '/workspace/link-users/w2',
      body: { users: [{ userId: 'u3', roleId: 'r-member' }] },
    })
    expect(await within(table).findByText('Cara')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Change role of Bob' }))
    const roleDialog = await screen.findByRole('dialog', { name: 'Change role of Bob' })
    fireEvent.mouseDown(within(roleDialog).getByRole('combobox'))
    const options = await screen.findAllByRole('option')
    // The owner role is the organization admins': it is not offered.
    expect(options.map((o) => o.textContent)).toEqual(['admin', 'member', 'viewer'])
    fireEvent.click(screen.getByRole('option', { name: 'admin' }))
    fireEvent.click(within(roleDialog).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Bob is now admin in Sales')).toBeTruthy()
    expect(server.calls('PUT')).toEqual([
      { path: '/workspaceuser', body: { workspaceId: 'w2', userId: 'u2', roleId: 'r-admin' } },
    ])

    fireEvent.click(screen.getByRole('button', { name: 'Remove Bob' }))
    const confirm = await screen.findByRole('dialog', { name: 'Remove member' })
    expect(confirm.textContent).toContain('Remove Bob from Sales?')
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }))
    expect(await screen.findByText('Bob removed from Sales')).toBeTruthy()
    expect(server.calls('POST').at(-1)).toEqual({ path: '/workspace/unlink-users/w2', body: { userIds: ['u2'] } })
    await waitFor(() => expect(within(table).queryByText('bob@example.com')).toBeNull())
  })

  it('says so when the workspace is not there', async () => {
    workspaceServer([defaultWs])
    renderApp('/workspace-users/w9', { platform: 'enterprise', user: enterpriseAdmin() })
    expect(await screen.findByText('Could not load workspace', {}, { timeout: 10_000 })).toBeTruthy()
    expect(screen.getByText('Workspace not found')).toBeTruthy()
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Workspaces' }).getAttribute('href')).toBe(
      '/workspaces',
    )
  })
})

describe('workspace unavailable', { timeout: 30_000 }, () => {
  afterEach(resetApp)

  it('appears when the server no longer lists the active workspace, and offers the others', async () => {
    const signedIn = enterpriseAdmin()
    let me: User = { ...signedIn, activeWorkspaceId: 'w2' }
    delete (me as Partial<LoginResponse>).token
    delete (me as Partial<LoginResponse>).features
    workspaceServer([defaultWs, sales], { me: () => me })
    renderApp('/workspaces', { platform: 'enterprise', user: { ...signedIn, activeWorkspaceId: 'w2' } })
    await screen.findByRole('table', { name: 'Workspaces' }, { timeout: 10_000 })
    // Sales is deleted under the user: the next read of the signed-in state shows it missing.
    me = {
      ...me,
      activeWorkspaceId: '',
      activeWorkspace: '',
      permissions: [],
      assignedWorkspaces: [{ id: 'w1', name: 'Default' }],
    }
    fireEvent.click(screen.getByRole('link', { name: 'Sales' }))
    const dialog = await screen.findByRole('dialog', { name: 'Workspace Unavailable' }, { timeout: 10_000 })
    expect(within(dialog).getByRole('button', { name: 'Default' })).toBeTruthy()
    expect(within(dialog).queryByRole('button', { name: 'Sales' })).toBeNull()
    // The user stays on the screen under the dialog (an empty permission list would send them to
    // /unauthorized, away from the dialog); the server refuses the gone workspace's routes anyway.
    expect(screen.queryByText('Access denied')).toBeNull()
    expect(useSession.getState().permissions).toEqual([...PERMISSIONS])
  })
})
