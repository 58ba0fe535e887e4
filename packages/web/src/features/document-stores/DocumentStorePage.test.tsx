import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp, resetApp } from '../../test/renderApp'
import { freshAdmin } from '../flows/test/flowServer'
import { jobOf, loaderOf, storeOf, storeServer } from './test/storeServer'

configure({ asyncUtilTimeout: 5000 })

const hours = loaderOf('l1', { status: 'SYNC', totalChunks: 40, totalChars: 18_200, source: 'Opening hours are nine…' })
const prices = loaderOf('l2', {
  loaderId: 'csvFile',
  loaderName: 'Csv File',
  status: 'SYNCING',
  source: 'prices.csv',
  splitterId: undefined,
  splitterName: undefined,
})
const handbook = () =>
  storeOf('s1', 'Handbook', {
    description: 'Staff rules',
    status: 'SYNCING',
    loaders: [hours, prices],
    totalChunks: 40,
    totalChars: 18_200,
  })

const findTable = () => screen.findByRole('table', { name: 'Document loaders' }, { timeout: 10_000 })
const rowOf = (table: HTMLElement, name: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => within(row).queryByText(name) !== null)!

describe('document store page', { timeout: 30_000 }, () => {
  afterEach(resetApp)

  it('shows the loaders, and a running job’s progress until it ends, polling the jobs', async () => {
    const store = handbook()
    const job = jobOf('j1', 's1', 'l2', { done: 30, total: 120 })
    const server = storeServer({ stores: [store], jobs: [jobOf('j0', 's1', 'l1', { status: 'done' }), job] })
    renderApp('/document-stores/s1', { user: freshAdmin() })
    expect(await screen.findByRole('heading', { level: 1, name: 'Handbook' }, { timeout: 10_000 })).toBeTruthy()
    expect(screen.getByText('2 loaders · 40 chunks · 18,200 characters')).toBeTruthy()
    const table = await findTable()
    const first = rowOf(table, 'Plain Text')
    expect(within(first).getByText('Split by Recursive Character Text Splitter')).toBeTruthy()
    expect(within(first).getByText('Opening hours are nine…')).toBeTruthy()
    expect(within(first).getByText('18,200')).toBeTruthy()
    expect(within(first).getByText('Synced')).toBeTruthy()
    expect(within(first).queryByRole('progressbar')).toBeNull()

    const second = rowOf(table, 'Csv File')
    expect(within(second).getByText('prices.csv')).toBeTruthy()
    const bar = within(second).getByRole('progressbar', { name: 'Processing Csv File' })
    expect(bar.getAttribute('aria-valuenow')).toBe('25')
    expect(within(second).getByText('30 of 120 chunks (25%)')).toBeTruthy()

    // The server moves the job on: the page looks again by itself.
    job.done = 90
    expect(await within(second).findByText('90 of 120 chunks (75%)')).toBeTruthy()

    // The job ends and the loader has its chunks: the store is read again, the bar gives way.
    job.status = 'done'
    job.done = 120
    store.loaders = [hours, { ...prices, status: 'SYNC', totalChunks: 120, totalChars: 9_600 }]
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Processing Csv File' })).toBeNull())
    const updated = rowOf(screen.getByRole('table', { name: 'Document loaders' }), 'Csv File')
    expect(await within(updated).findByText('9,600')).toBeTruthy()
    expect(within(updated).getByText('Synced')).toBeTruthy()
    const jobCalls = server.calls('GET').filter((call) => call.path === '/document-store/jobs/s1')
    expect(jobCalls.length).toBeGreaterThanOrEqual(3)

    // Nothing runs any more: the page stops asking.
    const asked = server.calls('GET').filter((call) => call.path === '/document-store/jobs/s1').length
    await new Promise((resolve) => setTimeout(resolve, 2000))
    expect(server.calls('GET').filter((call) => call.path === '/document-store/jobs/s1').length).toBe(asked)
  })

  it('processes a loader again and shows its new job, and deletes one after confirming', async () => {
    const server = storeServer({ stores: [handbook()] })
    renderApp('/document-stores/s1', { user: freshAdmin() })
    const table = await findTable()
    fireEvent.click(within(rowOf(table, 'Plain Text')).getByRole('button', { name: 'Process Plain Text again' }))
    expect(await screen.findByText('Processing Plain Text')).toBeTruthy()
    expect(server.calls('POST')).toEqual([{ path: '/document-store/loader/process/l1', body: undefined }])
    expect(await within(rowOf(table, 'Plain Text')).findByText('Waiting to start')).toBeTruthy()

    fireEvent.click(within(rowOf(table, 'Csv File')).getByRole('button', { name: 'Delete Csv File' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete document loader' })
    expect(dialog.textContent).toContain('Delete Csv File and its 0 chunks?')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Csv File deleted')).toBeTruthy()
    expect(server.calls('DELETE').map((call) => call.path)).toEqual(['/document-store/loader/s1/l2'])
    await waitFor(() => expect(screen.queryByText('prices.csv')).toBeNull())
  })

  it('adds a loader picked from the catalogue', async () => {
    storeServer({ stores: [storeOf('s1', 'Empty store')] })
    renderApp('/document-stores/s1', { user: freshAdmin() })
    expect(await screen.findByText('No document loaders yet', {}, { timeout: 10_000 })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Add Document Loader' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Document Loader' })
    const list = await within(dialog).findByRole('list', { name: 'Document loaders' })
    // Only loaders are offered; one that cannot run yet says so and cannot be picked.
    expect(within(list).queryByText('Markdown Text Splitter')).toBeNull()
    const unwritten = within(list).getByRole('button', { name: /Unwritten Loader/ })
    expect(unwritten.getAttribute('aria-disabled')).toBe('true')
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Search document loaders' }), {
      target: { value: 'csv' },
    })
    await waitFor(() => expect(within(list).queryByText('Plain Text')).toBeNull())
    fireEvent.click(within(list).getByRole('button', { name: /Csv File/ }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Csv File' })).toBeTruthy()
  })

  it('says when the store cannot be found, with a way to try again', async () => {
    storeServer({ stores: [] })
    renderApp('/document-stores/gone', { user: freshAdmin() })
    expect(await screen.findByText('Could not load the document store', {}, { timeout: 10_000 })).toBeTruthy()
    expect(screen.getByText('Document store not found')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to document stores' }).getAttribute('href')).toBe('/document-stores')
  })
})
