import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp, resetApp } from '../../test/renderApp'
import { json } from '../credentials/test/restServer'
import { freshAdmin } from '../flows/test/flowServer'
import { chunksOf, loaderOf, storeOf, storeServer } from './test/storeServer'

configure({ asyncUtilTimeout: 5000 })

const loader = loaderOf('l1', { status: 'SYNC', totalChunks: 120, source: 'handbook.txt' })
const handbook = storeOf('s1', 'Handbook', { loaders: [loader] })
// Every seventh passage mentions parking, so a search finds some on several pages.
const text = (n: number) => (n % 7 === 0 ? `Passage ${n}: Parking is behind the building.` : `Passage ${n}: Opening hours.`)

// Role queries walk the whole page's accessibility tree: with fifty cards shown, plain selectors keep the test quick.
const articles = () => document.querySelectorAll('article')

const chunkCalls = (server: ReturnType<typeof storeServer>) =>
  server.calls('GET').filter((call) => call.path.startsWith('/document-store/chunks/'))

describe('chunks page', { timeout: 30_000 }, () => {
  afterEach(resetApp)

  it('pages through a loader’s chunks fifty at a time and searches them on the server', async () => {
    const server = storeServer({ stores: [handbook], chunks: chunksOf('s1', 'l1', 120, text) })
    renderApp('/document-stores/chunks/s1/l1', { user: freshAdmin() })
    expect(await screen.findByRole('heading', { level: 1, name: 'Plain Text' }, { timeout: 10_000 })).toBeTruthy()
    expect(screen.getByText('1–50 of 120 chunks')).toBeTruthy()
    expect(articles()).toHaveLength(50)
    const first = screen.getByLabelText('Chunk 1')
    expect(within(first).getByText('Passage 1: Opening hours.')).toBeTruthy()
    expect(within(first).getByText('25 characters')).toBeTruthy()
    expect(within(first).getByText('source: handbook.txt')).toBeTruthy()
    expect(within(first).getByText('line: 1')).toBeTruthy()

    fireEvent.click(screen.getByLabelText('Go to page 3'))
    expect(await screen.findByText('101–120 of 120 chunks')).toBeTruthy()
    expect(articles()).toHaveLength(20)
    expect(screen.getByLabelText('Chunk 101').tagName).toBe('ARTICLE')

    fireEvent.change(screen.getByLabelText('Search chunks'), { target: { value: 'parking' } })
    expect(await screen.findByText('1–17 of 17 chunks')).toBeTruthy()
    expect(screen.getByLabelText('Chunk 7').tagName).toBe('ARTICLE')
    expect(chunkCalls(server).map((call) => call.path)).toEqual([
      '/document-store/chunks/s1/l1/1',
      '/document-store/chunks/s1/l1/3',
      '/document-store/chunks/s1/l1/1?search=parking',
    ])

    fireEvent.change(screen.getByLabelText('Search chunks'), { target: { value: 'nowhere' } })
    expect(await screen.findByText('No chunk contains “nowhere”.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(await screen.findByText('1–50 of 120 chunks')).toBeTruthy()
  })

  it('edits a chunk’s text and metadata, refusing metadata that is not a JSON object', async () => {
    const server = storeServer({ stores: [handbook], chunks: chunksOf('s1', 'l1', 3, text) })
    renderApp('/document-stores/chunks/s1/l1', { user: freshAdmin() })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit chunk 2' }, { timeout: 10_000 }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit chunk 2' })
    const content = within(dialog).getByRole('textbox', { name: 'Content' }) as HTMLTextAreaElement
    expect(content.value).toBe('Passage 2: Opening hours.')
    const metadata = within(dialog).getByRole('textbox', { name: 'Metadata (JSON)' }) as HTMLTextAreaElement
    expect(JSON.parse(metadata.value)).toEqual({ source: 'handbook.txt', line: 2 })

    fireEvent.change(content, { target: { value: 'Opening hours: nine to five.' } })
    fireEvent.change(metadata, { target: { value: '{ "source": ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText(/^Metadata is not valid JSON/)).toBeTruthy()
    fireEvent.change(metadata, { target: { value: '["handbook"]' } })
    expect(within(dialog).getByText(/^Metadata must be a JSON object/)).toBeTruthy()
    expect(server.calls('PUT')).toEqual([])

    fireEvent.change(metadata, { target: { value: '{ "source": "handbook.txt", "reviewed": true }' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Chunk 2 saved')).toBeTruthy()
    expect(server.calls('PUT')).toEqual([
      {
        path: '/document-store/chunks/s1/l1/c2',
        body: { pageContent: 'Opening hours: nine to five.', metadata: { source: 'handbook.txt', reviewed: true } },
      },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const card = screen.getByRole('article', { name: 'Chunk 2' })
    expect(await within(card).findByText('Opening hours: nine to five.')).toBeTruthy()
    expect(within(card).getByText('reviewed: true')).toBeTruthy()
  })

  it('deletes a chunk only after the user confirms', async () => {
    const server = storeServer({ stores: [handbook], chunks: chunksOf('s1', 'l1', 3, text) })
    renderApp('/document-stores/chunks/s1/l1', { user: freshAdmin() })
    fireEvent.click(await screen.findByRole('button', { name: 'Delete chunk 3' }, { timeout: 10_000 }))
    let dialog = await screen.findByRole('dialog', { name: 'Delete chunk' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(server.calls('DELETE')).toEqual([])

    fireEvent.click(screen.getByRole('button', { name: 'Delete chunk 3' }))
    dialog = await screen.findByRole('dialog', { name: 'Delete chunk' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Chunk 3 deleted')).toBeTruthy()
    expect(server.calls('DELETE').map((call) => call.path)).toEqual(['/document-store/chunks/s1/l1/c3'])
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Chunk 3' })).toBeNull())
    expect(screen.getByText('1–2 of 2 chunks')).toBeTruthy()
  })

  it('says when a loader has no chunks yet, and why chunks did not load', async () => {
    const server = storeServer({ stores: [handbook], chunks: [] })
    const answer = server.fetch.getMockImplementation()!
    let failed = false
    server.fetch.mockImplementation(async (url, init) => {
      if (failed || !String(url).includes('/document-store/chunks/')) return answer(url, init)
      failed = true
      return json({ message: 'Database is busy' }, 500)
    })
    renderApp('/document-stores/chunks/s1/l1', { user: freshAdmin() })
    expect(await screen.findByText('Could not load chunks', {}, { timeout: 10_000 })).toBeTruthy()
    expect(screen.getByText('Database is busy')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('No chunks yet')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to Handbook' }).getAttribute('href')).toBe('/document-stores/s1')
  })
})
