import { configure, fireEvent, screen, within } from '@testing-library/react'
import type { UpsertHistoryEntry } from '@weft/core'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp, resetApp } from '../../test/renderApp'
import { freshAdmin } from '../flows/test/flowServer'
import { jobOf, loaderOf, storeOf, storeServer } from './test/storeServer'

configure({ asyncUtilTimeout: 5000 })

const findHeading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 })

const hours = loaderOf('l1', { status: 'SYNC', totalChunks: 40, totalChars: 18_200 })
const fresh = loaderOf('l2', { loaderId: 'csvFile', loaderName: 'Csv File', status: 'NEW' })

const entry = (id: string, extra: Partial<UpsertHistoryEntry>): UpsertHistoryEntry => ({
  id,
  storeId: 's1',
  jobId: `job-${id}`,
  status: 'done',
  result: null,
  embeddingName: 'offlineEmbeddings',
  vectorStoreName: 'embeddedVectorStore',
  error: null,
  date: '2024-05-02T09:30:00.000Z',
  ...extra,
})

const upserted = () =>
  storeOf('s1', 'Handbook', {
    status: 'UPSERTED',
    loaders: [hours, fresh],
    totalChunks: 40,
    embeddingConfig: { name: 'offlineEmbeddings', config: {} },
    vectorStoreConfig: { name: 'embeddedVectorStore', config: {} },
    recordManagerConfig: { name: 'recordManager', config: {} },
  })

const rowOf = (table: HTMLElement, text: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => within(row).queryByText(text) !== null)!

describe('document store page: vectors', { timeout: 60_000 }, () => {
  afterEach(resetApp)

  it('sums up where the vectors go, lists the upserts, and leads to the query and to one loader’s upsert', async () => {
    const server = storeServer({ stores: [upserted()] })
    server.state.history.push(
      entry('h2', {
        status: 'failed',
        error: 'Qdrant at http://qdrant.local:6333 refused the connection',
        date: '2024-05-03T09:30:00.000Z',
      }),
      entry('h1', { result: { numAdded: 38, numUpdated: 2, numSkipped: 0, numDeleted: 1 } }),
    )
    renderApp('/document-stores/s1', { user: freshAdmin() })
    await findHeading('Handbook')
    expect(screen.getByText('Upserted')).toBeTruthy()
    const summary = screen.getByRole('region', { name: 'Vector store' })
    expect(
      await within(summary).findByText(
        'Embedded Vector Store · embedded with Built-in Hashing Embeddings · skips unchanged chunks',
      ),
    ).toBeTruthy()

    const history = await screen.findByRole('table', { name: 'Upserts' })
    const [failed, done] = within(history).getAllByRole('row').slice(1)
    expect(within(failed!).getByText('Failed')).toBeTruthy()
    expect(within(failed!).getByText('Qdrant at http://qdrant.local:6333 refused the connection')).toBeTruthy()
    expect(within(done!).getByText('Done')).toBeTruthy()
    expect(
      within(done!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(1, 5),
    ).toEqual(['38', '2', '0', '1'])

    // Only a loader with chunks can be upserted on its own.
    const loaders = screen.getByRole('table', { name: 'Document loaders' })
    expect(within(rowOf(loaders, 'Csv File')).queryByRole('button', { name: 'Upsert Csv File' })).toBeNull()
    fireEvent.click(within(rowOf(loaders, 'Plain Text')).getByRole('button', { name: 'Upsert Plain Text' }))
    expect(await findHeading('Upsert Plain Text')).toBeTruthy()
    fireEvent.click(screen.getByRole('link', { name: 'Back to Handbook' }))
    await findHeading('Handbook')
    fireEvent.click(
      within(screen.getByRole('region', { name: 'Vector store' })).getByRole('link', { name: 'Retrieval Query' }),
    )
    expect(await findHeading('Query Handbook')).toBeTruthy()
  })

  it('shows a running upsert’s progress, and says there are no upserts yet', async () => {
    const store = storeOf('s1', 'Handbook', { status: 'UPSERTING', loaders: [hours], totalChunks: 40 })
    storeServer({
      stores: [store],
      jobs: [jobOf('u1', 's1', '', { loaderId: null, kind: 'upsert', done: 10, total: 40 })],
    })
    renderApp('/document-stores/s1', { user: freshAdmin() })
    await findHeading('Handbook')
    expect(screen.getByText('Upserting')).toBeTruthy()
    const summary = screen.getByRole('region', { name: 'Vector store' })
    expect(await within(summary).findByText('10 of 40 chunks (25%)')).toBeTruthy()
    expect(within(summary).getByText(/Not set up yet/)).toBeTruthy()
    // Not upserted yet: nothing to query.
    expect(within(summary).getByRole('link', { name: 'Retrieval Query' }).getAttribute('aria-disabled')).toBe('true')
    // The upsert is not the loader's processing: its row shows no progress.
    expect(
      within(rowOf(screen.getByRole('table', { name: 'Document loaders' }), 'Plain Text')).queryByRole('progressbar'),
    ).toBeNull()
    expect(await screen.findByText('No upserts yet')).toBeTruthy()
  })

  it('hides the upsert controls from someone without documentStores:upsert-config', async () => {
    storeServer({ stores: [upserted()] })
    renderApp('/document-stores/s1', {
      platform: 'enterprise',
      user: { ...freshAdmin(), isOrganizationAdmin: false, permissions: ['documentStores:view'] },
    })
    await findHeading('Handbook')
    const loaders = await screen.findByRole('table', { name: 'Document loaders' })
    expect(within(rowOf(loaders, 'Plain Text')).queryByRole('button', { name: 'Upsert Plain Text' })).toBeNull()
    const summary = screen.getByRole('region', { name: 'Vector store' })
    expect(within(summary).queryByRole('link', { name: 'Upsert All Chunks' })).toBeNull()
    expect(within(summary).getByRole('link', { name: 'Retrieval Query' }).getAttribute('aria-disabled')).toBeNull()
    // Nor the other changes this user may not make.
    expect(screen.queryByRole('button', { name: 'Add Document Loader' })).toBeNull()
    expect(within(rowOf(loaders, 'Plain Text')).queryByRole('button', { name: 'Delete Plain Text' })).toBeNull()
  })
})
