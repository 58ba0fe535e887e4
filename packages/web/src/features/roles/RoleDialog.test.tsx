import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { PERMISSION_COUNT, type Role } from '@weft/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import RoleDialog from './RoleDialog'

afterEach(cleanup)

// By label, not role: role queries over some 60 checkboxes are slow in jsdom.
const box = (name: string) => screen.getByLabelText(name) as HTMLInputElement
const indeterminate = (name: string) => box(name).getAttribute('data-indeterminate') === 'true'

const viewer: Role = {
  id: 'r-viewer',
  organizationId: null,
  name: 'viewer',
  description: 'Sees flows',
  permissions: ['chatflows:view', 'agentflows:view'],
  builtIn: true,
  userCount: 0,
  createdDate: '2026-01-01T00:00:00.000Z',
  updatedDate: '2026-01-01T00:00:00.000Z',
}

describe('RoleDialog', { timeout: 20_000 }, () => {
  it('selects a whole group, shows it partly selected, and sends the permissions in the dialog’s order', async () => {
    const onSubmit = vi.fn(async () => undefined)
    render(<RoleDialog onSubmit={onSubmit} onClose={() => undefined} />)
    expect(screen.getByText(`0 of ${PERMISSION_COUNT} chosen`)).toBeTruthy()

    fireEvent.click(box('All Tools permissions'))
    expect(box('All Tools permissions').checked).toBe(true)
    for (const name of ['View', 'Create', 'Edit', 'Delete', 'Export']) expect(box(`Tools: ${name}`).checked).toBe(true)
    expect(screen.getByText(`5 of ${PERMISSION_COUNT} chosen`)).toBeTruthy()

    fireEvent.click(box('Tools: Delete'))
    expect(box('All Tools permissions').checked).toBe(false)
    expect(indeterminate('All Tools permissions')).toBe(true)
    // Select-all on a partly selected group ticks the rest; again clears the group.
    fireEvent.click(box('All Tools permissions'))
    expect(box('Tools: Delete').checked).toBe(true)
    fireEvent.click(box('All Tools permissions'))
    expect(box('Tools: View').checked).toBe(false)
    expect(indeterminate('All Tools permissions')).toBe(false)

    // Ticking a change ticks its area's view too.
    fireEvent.click(box('Chatflows: Edit'))
    expect(box('Chatflows: View').checked).toBe(true)
    expect(indeterminate('All Chatflows permissions')).toBe(true)
    fireEvent.click(box('Logs: Server logs'))

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Flow editors ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create' }))
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        name: 'Flow editors',
        description: '',
        permissions: ['chatflows:view', 'chatflows:update', 'logs:view'],
      }),
    )
  })

  it('asks for a name and at least one permission before sending anything', async () => {
    const onSubmit = vi.fn(async () => undefined)
    render(<RoleDialog onSubmit={onSubmit} onClose={() => undefined} />)
    fireEvent.click(screen.getByRole('button', { name: 'Create' }))
    expect(await screen.findByText('Name is required')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Editors' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create' }))
    expect(await screen.findByText('Choose at least one permission')).toBeTruthy()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('shows the server’s reason, such as a taken name, and keeps the form', async () => {
    const onSubmit = vi.fn(async () => {
      throw new Error('name: a role named Editors already exists')
    })
    render(<RoleDialog onSubmit={onSubmit} onClose={() => undefined} />)
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Editors' } })
    fireEvent.click(box('Executions: View'))
    fireEvent.click(screen.getByRole('button', { name: 'Create' }))
    expect(await screen.findByText('name: a role named Editors already exists')).toBeTruthy()
    expect(box('Executions: View').checked).toBe(true)
  })

  it('shows a built-in role without letting it change', () => {
    render(<RoleDialog role={viewer} onSubmit={vi.fn()} onClose={() => undefined} />)
    const dialog = screen.getByRole('dialog', { name: /Role viewer/ })
    expect(within(dialog).getByText(/Built-in roles cannot be changed/)).toBeTruthy()
    expect(box('Chatflows: View').checked).toBe(true)
    expect(box('Chatflows: View').disabled).toBe(true)
    expect(box('All Tools permissions').disabled).toBe(true)
    expect((screen.getByLabelText('Name') as HTMLInputElement).disabled).toBe(true)
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull()
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy()
  })
})
