import { configure, fireEvent, screen, within } from '@testing-library/react'
import type { DocumentStoreChunk } from '@weft/core'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp, resetApp } from '../../test/renderApp'
import { freshAdmin } from '../flows/test/flowServer'
import { loaderOf, storeOf, storeServer } from './test/storeServer'

configure({ asyncUtilTimeout: 5000 })

const findHeading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 })

const chunk = (id: string, pageContent: string, metadata: Record<string, unknown>): DocumentStoreChunk => ({
  id,
  docId: 'l1',
  storeId: 's1',
  chunkNo: 0,
  pageContent,
  metadata,
})

const LONG = `The weekend rota. ${'Each shift starts with a handover and a walk round the building. '.repeat(10)}Last line of the rota.`

const upserted = () => {
  const server = storeServer({
    stores: [
      storeOf('s1', 'Handbook', {
        status: 'UPSERTED',
        loaders: [loaderOf('l1', { loaderName: 'Staff notes' })],
        embeddingConfig: { name: 'offlineEmbeddings', config: {} },
        vectorStoreConfig: { name: 'embeddedVectorStore', config: { topK: 3 } },
      }),
    ],
  })
  server.state.vectors.set('s1', [
    chunk('c1', 'Opening hours are nine to five on weekdays', {
      source: 'hours.txt',
      loc: { lines: { from: 1, to: 2 } },
    }),
    chunk('c2', 'The weekend hours are ten to two', { source: 'hours.txt', tags: ['weekend', 'rota'] }),
    chunk('c3', 'Parking is free for staff', { docId: 'l1', page: 4 }),
    chunk('c4', LONG, { source: 'rota.txt' }),
  ])
  return server
}

const results = () => screen.getAllByRole('article')
const field = (name: string) => screen.getByRole('textbox', { name })

describe('retrieval query', { timeout: 60_000 }, () => {
  afterEach(resetApp)

  it('ranks the chunks that share words with the query, with their scores, source and metadata', async () => {
    const server = upserted()
    renderApp('/document-stores/query/s1', { user: freshAdmin() })
    await findHeading('Query Handbook')
    expect(await screen.findByText('Embedded Vector Store · Built-in Hashing Embeddings')).toBeTruthy()
    expect(screen.getByText('Try a query')).toBeTruthy()
    expect((screen.getByRole('spinbutton', { name: 'Top K' }) as HTMLInputElement).value).toBe('3')

    fireEvent.change(field('Query'), { target: { value: 'weekend hours' } })
    fireEvent.keyDown(field('Query'), { key: 'Enter' })
    expect(await screen.findByText(/^3 chunks found in \d+ ms$/)).toBeTruthy()
    const [first, second, third] = results()
    expect(within(first!).getByText('#1')).toBeTruthy()
    expect(within(first!).getByText('Score 0.53')).toBeTruthy()
    expect(within(first!).getByText('The weekend hours are ten to two')).toBeTruthy()
    expect(within(first!).getByText('hours.txt')).toBeTruthy()
    expect(within(first!).getByText('tags').nextElementSibling?.textContent).toBe('weekend, rota')
    expect(within(second!).getByText('Score 0.25')).toBeTruthy()
    expect(within(second!).getByText('loc.lines.from').nextElementSibling?.textContent).toBe('1')
    expect(within(second!).getByText('loc.lines.to').nextElementSibling?.textContent).toBe('2')
    // Long text is folded until asked for.
    expect(within(third!).queryByText(/Last line of the rota\./)).toBeNull()
    fireEvent.click(within(third!).getByRole('button', { name: 'Show more' }))
    expect(within(third!).getByText(/Last line of the rota\./)).toBeTruthy()
    expect(server.calls('POST')).toEqual([
      { path: '/document-store/vectorstore/query', body: { storeId: 's1', query: 'weekend hours', topK: 3 } },
    ])
  })

  it('checks the metadata filter before searching, then sends it; names the loader when there is no source', async () => {
    const server = upserted()
    renderApp('/document-stores/query/s1', { user: freshAdmin() })
    await findHeading('Query Handbook')
    fireEvent.change(field('Query'), { target: { value: 'free parking for staff' } })
    fireEvent.change(field('Metadata filter (JSON)'), { target: { value: '{ "page": [4] }' } })
    fireEvent.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByText(`The metadata filter's "page" must be a text, a number or true/false.`)).toBeTruthy()
    fireEvent.change(field('Metadata filter (JSON)'), { target: { value: '{ "page": oops' } })
    fireEvent.click(screen.getByRole('button', { name: 'Search' }))
    expect(
      await screen.findByText('The metadata filter must be a JSON object such as { "source": "handbook.pdf" }.'),
    ).toBeTruthy()
    expect(server.calls('POST')).toEqual([])

    fireEvent.change(field('Metadata filter (JSON)'), { target: { value: '{ "page": 4 }' } })
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Top K' }), { target: { value: '1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByText(/^1 chunk found in/)).toBeTruthy()
    expect(within(results()[0]!).getByText('Staff notes')).toBeTruthy()
    expect(server.calls('POST').map((call) => call.body)).toEqual([
      { storeId: 's1', query: 'free parking for staff', topK: 1, filter: { page: 4 } },
    ])

    fireEvent.change(field('Metadata filter (JSON)'), { target: { value: '{ "source": "hours.txt" }' } })
    fireEvent.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByText('No chunks matched')).toBeTruthy()
    expect(screen.getByText(/Loosen the metadata filter/)).toBeTruthy()
  })

  it('shows the server’s error word for word', async () => {
    const server = upserted()
    server.state.vectors.delete('s1')
    renderApp('/document-stores/query/s1', { user: freshAdmin() })
    await findHeading('Query Handbook')
    fireEvent.change(field('Query'), { target: { value: 'hours' } })
    fireEvent.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByText('The query failed')).toBeTruthy()
    expect(screen.getByText('Handbook has not been upserted yet')).toBeTruthy()
  })

  it('leads to the upsert when the store has no vectors yet', async () => {
    storeServer({ stores: [storeOf('s1', 'Handbook', { status: 'SYNC' })] })
    renderApp('/document-stores/query/s1', { user: freshAdmin() })
    await findHeading('Query Handbook')
    expect(screen.getByText('Nothing to search yet')).toBeTruthy()
    expect(screen.queryByRole('textbox', { name: 'Query' })).toBeNull()
    fireEvent.click(screen.getByRole('link', { name: 'Set up the upsert' }))
    expect(await findHeading('Upsert Handbook')).toBeTruthy()
  })
})
