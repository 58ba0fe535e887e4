import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { featuresFor, PERMISSIONS, type Role } from '@weft/core'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp, resetApp } from '../../test/renderApp'
import { json, restServer } from '../credentials/test/restServer'
import { freshAdmin } from '../flows/test/flowServer'

configure({ asyncUtilTimeout: 10_000 })
afterEach(resetApp)

const roleOf = (over: Partial<Role>): Role => ({
  id: 'r1',
  organizationId: 'o1',
  name: 'Editors',
  description: '',
  permissions: ['chatflows:view'],
  builtIn: false,
  userCount: 0,
  createdDate: '2026-01-01T00:00:00.000Z',
  updatedDate: '2026-01-01T00:00:00.000Z',
  ...over,
})

const owner = roleOf({ id: 'b1', organizationId: null, name: 'owner', builtIn: true, userCount: 1 })
const editors = roleOf({
  id: 'c1',
  name: 'Flow editors',
  description: 'Edit flows',
  permissions: ['chatflows:view', 'chatflows:update'],
})
const support = roleOf({ id: 'c2', name: 'Support', userCount: 2 })

// An organization admin on enterprise: every permission, as the server answers it.
const signedIn = () => ({
  user: { ...freshAdmin(), permissions: [...PERMISSIONS], features: featuresFor('enterprise') },
  platform: 'enterprise' as const,
})

function rolesServer(initial: Role[], { fail = false } = {}) {
  let roles = [...initial]
  return restServer((method, path) => {
    if (method === 'GET' && path === '/role') return fail ? json({ message: 'Database is busy' }, 500) : json(roles)
    if (method === 'DELETE' && path.startsWith('/role/')) {
      const id = path.slice('/role/'.length)
      roles = roles.filter((role) => role.id !== id)
      return json({ id, message: 'deleted' })
    }
    return undefined
  })
}

describe('RolesPage', { timeout: 30_000 }, () => {
  it('lists built-in and custom roles with their type, permissions and holders', async () => {
    rolesServer([owner, editors, support])
    renderApp('/roles', signedIn())
    const table = await screen.findByRole('table', { name: 'Roles' })
    const row = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement
    expect(within(row('owner')).getByText('Built-in')).toBeTruthy()
    expect(within(row('Flow editors')).getByText('Custom')).toBeTruthy()
    expect(within(row('Flow editors')).getByText('Edit flows')).toBeTruthy()
    expect(within(row('Flow editors')).getByText(/^2 of \d+$/)).toBeTruthy()
    expect(within(row('Support')).getByLabelText('2 users')).toBeTruthy()
    // Built-in roles can only be looked at.
    expect(within(row('owner')).getByRole('button', { name: 'View owner' })).toBeTruthy()
    expect(within(row('owner')).queryByRole('button', { name: 'Delete owner' })).toBeNull()
  })

  it('deletes a custom role after a confirm, and refuses one still held without asking the server', async () => {
    const server = rolesServer([owner, editors, support])
    renderApp('/roles', signedIn())
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Support' }))
    expect(await screen.findByText('2 users hold Support: give them another role before deleting it')).toBeTruthy()
    expect(server.calls('DELETE')).toEqual([])

    fireEvent.click(screen.getByRole('button', { name: 'Delete Flow editors' }))
    const confirm = await screen.findByRole('dialog', { name: 'Delete role' })
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(server.calls('DELETE')).toEqual([{ path: '/role/c1', body: undefined }]))
    await waitFor(() => expect(screen.queryByText('Flow editors')).toBeNull())
  })

  it('opens a built-in role view-only', async () => {
    rolesServer([owner])
    renderApp('/roles', signedIn())
    fireEvent.click(await screen.findByRole('button', { name: 'View owner' }))
    const dialog = await screen.findByRole('dialog', { name: /Role owner/ })
    expect(within(dialog).getByText(/Built-in roles cannot be changed/)).toBeTruthy()
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull()
  })

  it('says when the roles cannot be loaded', async () => {
    rolesServer([], { fail: true })
    renderApp('/roles', signedIn())
    expect(await screen.findByText(/Database is busy/)).toBeTruthy()
  })
})
