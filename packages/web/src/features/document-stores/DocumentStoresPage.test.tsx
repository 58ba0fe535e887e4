import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp, resetApp } from '../../test/renderApp'
import { json } from '../credentials/test/restServer'
import { freshAdmin } from '../flows/test/flowServer'
import { loaderOf, storeOf, storeServer } from './test/storeServer'

configure({ asyncUtilTimeout: 5000 })

const handbook = storeOf('s1', 'Handbook', {
  description: 'Staff rules and opening hours',
  status: 'SYNC',
  loaders: [loaderOf('l1', { status: 'SYNC' }), loaderOf('l2', { status: 'SYNC' })],
  totalChunks: 1240,
  totalChars: 523_400,
  updatedDate: new Date(Date.now() - 3600_000).toISOString(),
})
const faq = storeOf('s2', 'FAQ', { status: 'STALE', updatedDate: new Date(Date.now() - 7200_000).toISOString() })

const findTable = () => screen.findByRole('table', { name: 'Document stores' }, { timeout: 10_000 })
const rowOf = (table: HTMLElement, name: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => within(row).queryByText(name) !== null)!

describe('document stores list', { timeout: 30_000 }, () => {
  afterEach(resetApp)

  it('lists each store with its status, loaders, chunks and characters, linked to its page', async () => {
    storeServer({ stores: [handbook, faq] })
    renderApp('/document-stores', { user: freshAdmin() })
    const table = await findTable()
    const row = rowOf(table, 'Handbook')
    expect(within(row).getByText('Staff rules and opening hours')).toBeTruthy()
    expect(within(row).getByText('Synced')).toBeTruthy()
    expect(within(row).getByText('2')).toBeTruthy()
    expect(within(row).getByText('1,240')).toBeTruthy()
    expect(within(row).getByText('523,400')).toBeTruthy()
    expect(within(rowOf(table, 'FAQ')).getByText('Stale')).toBeTruthy()
    expect(within(row).getByRole('link', { name: 'Handbook' }).getAttribute('href')).toBe('/document-stores/s1')
  })

  it('adds a store with a name and a description', async () => {
    const server = storeServer({ stores: [faq] })
    renderApp('/document-stores', { user: freshAdmin() })
    fireEvent.click(await screen.findByRole('button', { name: 'Add New' }, { timeout: 10_000 }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Document Store' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }))
    expect(await within(dialog).findByText('Name is required')).toBeTruthy()
    expect(server.calls('POST')).toEqual([])

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: ' Policies ' } })
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'HR policies' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }))
    expect(await screen.findByText('Document store Policies added')).toBeTruthy()
    expect(server.calls('POST')).toEqual([
      { path: '/document-store/store', body: { name: 'Policies', description: 'HR policies' } },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const table = await findTable()
    expect(within(rowOf(table, 'Policies')).getByText('Empty')).toBeTruthy()
  })

  it('deletes a store only after the user confirms', async () => {
    const server = storeServer({ stores: [handbook, faq] })
    renderApp('/document-stores', { user: freshAdmin() })
    await findTable()
    fireEvent.click(screen.getByRole('button', { name: 'Delete Handbook' }))
    let dialog = await screen.findByRole('dialog', { name: 'Delete document store' })
    expect(dialog.textContent).toContain('Delete Handbook? Its loaders, files and 1,240 chunks are deleted with it.')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(server.calls('DELETE')).toEqual([])

    fireEvent.click(screen.getByRole('button', { name: 'Delete Handbook' }))
    dialog = await screen.findByRole('dialog', { name: 'Delete document store' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Document store Handbook deleted')).toBeTruthy()
    expect(server.calls('DELETE').map((call) => call.path)).toEqual(['/document-store/store/s1'])
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Handbook' })).toBeNull())
    expect(await screen.findByRole('link', { name: 'FAQ' })).toBeTruthy()
  })

  it('invites the user to add a first store, and shows why the list did not load', async () => {
    const server = storeServer()
    const answer = server.fetch.getMockImplementation()!
    let failed = false
    server.fetch.mockImplementation(async (url, init) => {
      if (failed || !String(url).startsWith('/api/v1/document-store/store')) return answer(url, init)
      failed = true
      return json({ message: 'Database is busy' }, 500)
    })
    renderApp('/document-stores', { user: freshAdmin() })
    expect(await screen.findByText('Could not load document stores', {}, { timeout: 10_000 })).toBeTruthy()
    expect(screen.getByText('Database is busy')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('No document stores yet')).toBeTruthy()
    expect(screen.getAllByRole('button', { name: 'Add New' })).toHaveLength(2)
  })
})
