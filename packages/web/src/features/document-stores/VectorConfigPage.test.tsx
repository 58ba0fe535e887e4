import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { queryClient } from '../../app/queryClient'
import { renderApp, resetApp } from '../../test/renderApp'
import { freshAdmin } from '../flows/test/flowServer'
import { chunksOf, jobOf, loaderOf, storeOf, storeServer } from './test/storeServer'

configure({ asyncUtilTimeout: 5000 })

const findHeading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 })
const section = (name: string) => screen.getByRole('region', { name })

async function choose(label: string, option: string | RegExp) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }))
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }))
}

/** The number the dialog shows with a count's label ("Added" → "4"). */
const countOf = (dialog: HTMLElement, label: string) => within(dialog).getByText(label).nextElementSibling?.textContent

const hours = loaderOf('l1', { status: 'SYNC', totalChunks: 4 })
const prices = loaderOf('l2', { loaderId: 'csvFile', loaderName: 'Csv File', status: 'SYNC', totalChunks: 2 })
const handbook = (extra = {}) =>
  storeOf('s1', 'Handbook', { status: 'SYNC', loaders: [hours, prices], totalChunks: 6, ...extra })
const chunks = () => [
  ...chunksOf('s1', 'l1', 4),
  ...chunksOf('s1', 'l2', 2).map((chunk) => ({ ...chunk, id: `p${chunk.chunkNo + 1}` })),
]

// Upserts poll their job: these tests wait on the server's pace more than the other screens'.
describe('vector store configuration and upsert', { timeout: 60_000 }, () => {
  afterEach(resetApp)

  it('upserts with the defaults that need no key, shows the progress again after a reload, then the counts', async () => {
    const server = storeServer({ stores: [handbook()], chunks: chunks() })
    server.state.holdAt = 4
    renderApp('/document-stores/vector/s1', { user: freshAdmin() })
    await findHeading('Upsert Handbook')
    expect(screen.getByText('All 6 chunks of Handbook are embedded and written into the vector store.')).toBeTruthy()
    expect(within(section('Embeddings')).getByRole('combobox', { name: 'Embeddings to use' }).textContent).toBe(
      'Built-in Hashing Embeddings',
    )
    expect(within(section('Vector Store')).getByRole('combobox', { name: 'Vector store to use' }).textContent).toBe(
      'Embedded Vector Store',
    )
    const skip = screen.getByRole('switch', { name: 'Skip unchanged chunks' }) as HTMLInputElement
    expect(skip.checked).toBe(false)
    // Nothing is upserted yet: there is no vector data to delete.
    expect(screen.queryByRole('button', { name: 'Delete vector data' })).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Upsert' }))
    const dialog = await screen.findByRole('dialog', { name: 'Upserting chunks' })
    expect(await within(dialog).findByText('4 of 6 chunks (67%)')).toBeTruthy()
    expect(within(dialog).getByRole('progressbar', { name: 'Upsert progress' }).getAttribute('aria-valuenow')).toBe(
      '67',
    )
    expect(server.calls('POST')).toEqual([
      {
        path: '/document-store/vectorstore/insert',
        body: {
          storeId: 's1',
          embeddingName: 'offlineEmbeddings',
          embeddingConfig: { dimensions: 256 },
          vectorStoreName: 'embeddedVectorStore',
          vectorStoreConfig: { collectionName: 'default', topK: 4 },
          recordManagerName: null,
          recordManagerConfig: null,
        },
      },
    ])

    // A reload: the page starts from nothing, and finds the running upsert on the server.
    cleanup()
    queryClient.clear()
    renderApp('/document-stores/vector/s1', { user: freshAdmin() })
    const reopened = await screen.findByRole('dialog', { name: 'Upserting chunks' }, { timeout: 10_000 })
    expect(await within(reopened).findByText(/of 6 chunks/)).toBeTruthy()

    server.state.holdAt = undefined
    const finished = await screen.findByRole('dialog', { name: 'Upsert finished' })
    await within(finished).findByText('Added')
    expect(countOf(finished, 'Added')).toBe('6')
    expect(countOf(finished, 'Updated')).toBe('0')
    expect(countOf(finished, 'Skipped')).toBe('0')
    expect(countOf(finished, 'Deleted')).toBe('0')
    expect(server.calls('POST').filter((call) => call.path.endsWith('/insert'))).toHaveLength(1)

    fireEvent.click(within(finished).getByRole('button', { name: 'Query' }))
    expect(await findHeading('Query Handbook')).toBeTruthy()
  })

  it('takes an embedding with a credential and another store, shows the server’s refusal word for word, saves', async () => {
    const server = storeServer({ stores: [handbook()], chunks: chunks() })
    renderApp('/document-stores/vector/s1', { user: freshAdmin() })
    await findHeading('Upsert Handbook')
    await choose('Embeddings to use', /^OpenAI Embeddings/)
    fireEvent.click(screen.getByRole('button', { name: 'Save Config' }))
    expect(await screen.findByText('OpenAI Embeddings: Connect Credential is required')).toBeTruthy()
    expect(server.calls('POST')).toEqual([])

    await choose('Connect Credential', 'Team OpenAI key')
    await choose('Vector store to use', /^Qdrant/)
    const store = section('Vector Store')
    fireEvent.change(within(store).getByRole('textbox', { name: 'Qdrant Server URL' }), {
      target: { value: 'qdrant.local' },
    })
    fireEvent.change(within(store).getByRole('textbox', { name: 'Collection Name' }), { target: { value: 'handbook' } })
    fireEvent.click(screen.getByRole('switch', { name: 'Skip unchanged chunks' }))
    fireEvent.click(screen.getByRole('button', { name: 'Upsert' }))
    expect(await screen.findByText('Could not start the upsert')).toBeTruthy()
    expect(screen.getByText('Qdrant Server URL must be an http(s) address')).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()

    fireEvent.change(within(store).getByRole('textbox', { name: 'Qdrant Server URL' }), {
      target: { value: 'http://qdrant.local:6333' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Save Config' }))
    expect(await screen.findByText('Vector store config saved')).toBeTruthy()
    const saved = server.state.stores[0]!
    expect(saved.embeddingConfig).toEqual({
      name: 'openAIEmbeddings',
      config: { modelName: 'text-embedding-3-small', credential: 'cred-1' },
    })
    expect(saved.vectorStoreConfig).toEqual({
      name: 'qdrant',
      config: { qdrantServerUrl: 'http://qdrant.local:6333', qdrantCollection: 'handbook', topK: 4 },
    })
    expect(saved.recordManagerConfig).toEqual({ name: 'recordManager', config: {} })
    // Saving does not upsert.
    expect(server.calls('POST').map((call) => call.path)).toEqual([
      '/document-store/vectorstore/insert',
      '/document-store/vectorstore/save',
    ])
  })

  it('opens with the saved configuration and a running upsert, which Cancel stops', async () => {
    const store = handbook({
      status: 'UPSERTING',
      embeddingConfig: {
        name: 'openAIEmbeddings',
        config: { modelName: 'text-embedding-3-large', credential: 'cred-1' },
      },
      vectorStoreConfig: { name: 'embeddedVectorStore', config: { collectionName: 'staff' } },
      recordManagerConfig: { name: 'recordManager', config: {} },
    })
    const running = jobOf('u9', 's1', '', { loaderId: null, kind: 'upsert', done: 30, total: 120 })
    const server = storeServer({ stores: [store], chunks: chunks(), jobs: [running] })
    renderApp('/document-stores/vector/s1', { user: freshAdmin() })
    const dialog = await screen.findByRole('dialog', { name: 'Upserting chunks' }, { timeout: 10_000 })
    expect(within(dialog).getByText('30 of 120 chunks (25%)')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Run in background' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByText('An upsert is running; the settings can change once it ends.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Upsert' }).hasAttribute('disabled')).toBe(true)

    fireEvent.click(screen.getByRole('button', { name: 'Show progress' }))
    const again = await screen.findByRole('dialog', { name: 'Upserting chunks' })
    fireEvent.click(within(again).getByRole('button', { name: 'Cancel' }))
    expect(await screen.findByRole('dialog', { name: 'Upsert cancelled' })).toBeTruthy()
    expect(server.calls('POST').map((call) => call.path)).toEqual(['/document-store/jobs/u9/cancel'])
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    expect(screen.getByRole('combobox', { name: 'Embeddings to use' }).textContent).toBe('OpenAI Embeddings')
    expect(await screen.findByText('Team OpenAI key')).toBeTruthy()
    expect((screen.getByRole('textbox', { name: 'Model Name' }) as HTMLInputElement).value).toBe(
      'text-embedding-3-large',
    )
    expect((screen.getByRole('textbox', { name: 'Collection Name' }) as HTMLInputElement).value).toBe('staff')
    expect((screen.getByRole('switch', { name: 'Skip unchanged chunks' }) as HTMLInputElement).checked).toBe(true)
  })

  it('upserts one loader’s chunks, says when it fails, and deletes the vector data after asking', async () => {
    const server = storeServer({
      stores: [
        handbook({
          embeddingConfig: { name: 'offlineEmbeddings', config: {} },
          vectorStoreConfig: { name: 'embeddedVectorStore', config: {} },
        }),
      ],
      chunks: chunks(),
    })
    server.state.upsertError = 'Embedded vector store: the data folder is read-only'
    renderApp('/document-stores/vector/s1/l2', { user: freshAdmin() })
    await findHeading('Upsert Csv File')
    expect(
      screen.getByText("Only the 2 chunks of Csv File are upserted; the store's other loaders stay as they are."),
    ).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Upsert' }))
    const failed = await screen.findByRole('dialog', { name: 'Upsert failed' })
    expect(within(failed).getByText('Embedded vector store: the data folder is read-only')).toBeTruthy()
    expect(within(failed).queryByRole('button', { name: 'Query' })).toBeNull()
    expect((server.calls('POST')[0]?.body as { docId?: string }).docId).toBe('l2')
    fireEvent.click(within(failed).getByRole('button', { name: 'Close' }))

    fireEvent.click(screen.getByRole('button', { name: 'Delete vector data' }))
    const confirm = await screen.findByRole('dialog', { name: 'Delete vector data' })
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(server.calls('DELETE')).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: 'Delete vector data' }))
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete vector data' })).getByRole('button', { name: 'Delete' }),
    )
    expect(await screen.findByText('Vector data deleted')).toBeTruthy()
    expect(server.calls('DELETE').map((call) => call.path)).toEqual(['/document-store/vectorstore/s1'])
  })

  it('shows the configuration without its controls to someone who may not upsert', async () => {
    storeServer({ stores: [handbook()], chunks: chunks() })
    renderApp('/document-stores/vector/s1', {
      platform: 'enterprise',
      user: { ...freshAdmin(), isOrganizationAdmin: false, permissions: ['documentStores:view'] },
    })
    await findHeading('Upsert Handbook')
    expect(screen.getByText(/changing it and upserting need more permissions/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Upsert' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Save Config' })).toBeNull()
    expect(screen.getByRole('combobox', { name: 'Embeddings to use' }).getAttribute('aria-disabled')).toBe('true')
  })
})
