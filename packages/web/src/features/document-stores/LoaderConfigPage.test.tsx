import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp, resetApp } from '../../test/renderApp'
import { freshAdmin } from '../flows/test/flowServer'
import { loaderOf, storeOf, storeServer } from './test/storeServer'

configure({ asyncUtilTimeout: 5000 })

const findHeading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 })

async function choose(label: string, option: string | RegExp) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }))
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }))
}

const section = (name: string) => screen.getByRole('region', { name })

// The settings form draws many fields: these tests are the slowest of the screens' on a busy machine.
describe('loader configuration', { timeout: 60_000 }, () => {
  afterEach(resetApp)

  it('previews the first chunks that the chosen splitter settings make, and their total', async () => {
    const server = storeServer({ stores: [storeOf('s1', 'Handbook')] })
    renderApp('/document-stores/s1/plainText', { user: freshAdmin() })
    await findHeading('Add Plain Text')
    // The loader's own "Additional Metadata" is not asked twice: the metadata rows take its place.
    expect(screen.queryByText('Additional Metadata')).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Preview' }))
    expect(await screen.findByText('Text is required')).toBeTruthy()
    expect(server.calls('POST')).toEqual([])

    const text = within(section('Plain Text settings')).getByRole('textbox', { name: 'Text' })
    expect(text.tagName).toBe('TEXTAREA')
    fireEvent.change(text, { target: { value: '# Hours\nOpen nine to five.' } })
    expect(
      (within(section('Text splitter')).getByRole('spinbutton', { name: 'Chunk Size' }) as HTMLInputElement).value,
    ).toBe('1000')
    await choose('Text Splitter', /^Markdown Text Splitter/)
    fireEvent.change(within(section('Text splitter')).getByRole('spinbutton', { name: 'Chunk Size' }), {
      target: { value: '500' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Add metadata' }))
    fireEvent.change(screen.getByRole('textbox', { name: 'Metadata key 1' }), { target: { value: 'team' } })
    fireEvent.change(screen.getByRole('textbox', { name: 'Metadata value 1' }), { target: { value: 'front desk' } })
    fireEvent.change(screen.getByRole('textbox', { name: 'Metadata keys to omit' }), { target: { value: 'source, ' } })
    await choose('Chunks to show', '10')
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }))

    expect(await screen.findByText('Showing 10 of 12 chunks')).toBeTruthy()
    const settings = {
      storeId: 's1',
      loaderId: 'plainText',
      loaderName: 'Plain Text',
      loaderConfig: { text: '# Hours\nOpen nine to five.' },
      splitterId: 'markdownTextSplitter',
      splitterName: 'Markdown Text Splitter',
      splitterConfig: { chunkSize: 500, chunkOverlap: 200 },
      metadata: { team: 'front desk' },
      omitMetadataKeys: 'source',
    }
    expect(server.calls('POST')).toEqual([
      { path: '/document-store/loader/preview', body: { ...settings, previewChunkCount: 10 } },
    ])
    const preview = screen.getByRole('region', { name: 'Preview' })
    expect(within(preview).getAllByRole('article')).toHaveLength(10)
    const first = within(preview).getByRole('article', { name: 'Chunk 1' })
    expect(within(first).getByText('Preview chunk 1')).toBeTruthy()
    expect(within(first).getByText('team: front desk')).toBeTruthy()

  })

  it('processes: saves the settings, starts processing and returns to the store to show its progress', async () => {
    const server = storeServer({ stores: [storeOf('s1', 'Handbook')] })
    renderApp('/document-stores/s1/plainText', { user: freshAdmin() })
    await findHeading('Add Plain Text')
    fireEvent.change(screen.getByRole('textbox', { name: 'Text' }), { target: { value: 'Open nine to five.' } })
    fireEvent.click(screen.getByRole('button', { name: 'Process' }))
    expect(await findHeading('Handbook')).toBeTruthy()
    expect(server.calls('POST')).toEqual([
      {
        path: '/document-store/loader/save',
        body: {
          storeId: 's1',
          loaderId: 'plainText',
          loaderName: 'Plain Text',
          loaderConfig: { text: 'Open nine to five.' },
          splitterId: 'recursiveCharacterTextSplitter',
          splitterName: 'Recursive Character Text Splitter',
          splitterConfig: { chunkSize: 1000, chunkOverlap: 200, separators: '' },
          metadata: {},
          omitMetadataKeys: '',
        },
      },
      { path: '/document-store/loader/process/l1', body: undefined },
    ])
    expect(screen.getByText('Processing Plain Text')).toBeTruthy()
    const row = within(await screen.findByRole('table', { name: 'Document loaders' })).getAllByRole('row')[1]!
    expect(await within(row).findByText('Waiting to start')).toBeTruthy()
  })

  it('uploads the file a loader reads into the store and sends its id, not its content', async () => {
    const server = storeServer({ stores: [storeOf('s1', 'Prices')] })
    renderApp('/document-stores/s1/csvFile', { user: freshAdmin() })
    await findHeading('Add Csv File')
    await choose('Text Splitter', /^None/)
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }))
    expect(await screen.findByText('Csv File: upload a file first')).toBeTruthy()

    const picker = screen.getByLabelText('Csv File')
    expect(picker.getAttribute('accept')).toBe('.csv')
    fireEvent.change(picker, { target: { files: [new File(['item,price\ntea,2'], 'prices.csv', { type: 'text/csv' })] } })
    expect(await screen.findByText('prices.csv · 2.0 KB')).toBeTruthy()
    expect(screen.getByText('Uploaded')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Remove prices.csv' })).toBeTruthy()
    expect(server.calls('POST')).toEqual([{ path: '/document-store/files/s1', body: { files: ['prices.csv'] } }])
    const upload = server.fetch.mock.calls.find(([url]) => url === '/api/v1/document-store/files/s1')!
    expect(upload[1]?.body).toBeInstanceOf(FormData)

    fireEvent.click(screen.getByRole('button', { name: 'Preview' }))
    expect(await screen.findByText('Showing 12 of 12 chunks')).toBeTruthy()
    expect(server.calls('POST')[1]).toEqual({
      path: '/document-store/loader/preview',
      body: {
        storeId: 's1',
        loaderId: 'csvFile',
        loaderName: 'Csv File',
        loaderConfig: { columnName: '', files: ['f1'] },
        metadata: {},
        omitMetadataKeys: '',
        previewChunkCount: 20,
      },
    })
  })

  it('opens a saved loader with its settings and saves it under its own id', async () => {
    const saved = loaderOf('l7', {
      loaderConfig: { text: 'Parking is behind the building.', metadata: { floor: 2 }, omitMetadataKeys: 'source' },
      splitterConfig: { chunkSize: 300, chunkOverlap: 20 },
    })
    const server = storeServer({ stores: [storeOf('s1', 'Handbook', { loaders: [saved] })] })
    renderApp('/document-stores/s1/plainText?loader=l7', { user: freshAdmin() })
    await findHeading('Edit Plain Text')
    expect((screen.getByRole('textbox', { name: 'Text' }) as HTMLInputElement).value).toBe('Parking is behind the building.')
    expect((screen.getByRole('spinbutton', { name: 'Chunk Size' }) as HTMLInputElement).value).toBe('300')
    expect((screen.getByRole('textbox', { name: 'Metadata key 1' }) as HTMLInputElement).value).toBe('floor')
    expect((screen.getByRole('textbox', { name: 'Metadata value 1' }) as HTMLInputElement).value).toBe('2')
    fireEvent.click(screen.getByRole('button', { name: 'Process' }))
    await findHeading('Handbook')
    expect(server.calls('POST')[0]).toEqual({
      path: '/document-store/loader/save',
      body: {
        storeId: 's1',
        id: 'l7',
        loaderId: 'plainText',
        loaderName: 'Plain Text',
        loaderConfig: { text: 'Parking is behind the building.' },
        splitterId: 'recursiveCharacterTextSplitter',
        splitterName: 'Recursive Character Text Splitter',
        splitterConfig: { chunkSize: 300, chunkOverlap: 20 },
        metadata: { floor: '2' },
        omitMetadataKeys: 'source',
      },
    })
    expect(server.calls('POST')[1]?.path).toBe('/document-store/loader/process/l7')
  })

  it('shows why a preview failed, and names a loader the catalogue does not have', async () => {
    const server = storeServer({ stores: [storeOf('s1', 'Handbook')] })
    const answer = server.fetch.getMockImplementation()!
    server.fetch.mockImplementation(async (url, init) =>
      String(url).endsWith('/loader/preview')
        ? new Response(JSON.stringify({ message: 'Chunk Overlap must be smaller than Chunk Size' }), { status: 400 })
        : answer(url, init),
    )
    renderApp('/document-stores/s1/plainText', { user: freshAdmin() })
    await findHeading('Add Plain Text')
    fireEvent.change(screen.getByRole('textbox', { name: 'Text' }), { target: { value: 'Hello' } })
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }))
    expect(await screen.findByText('Preview failed: Chunk Overlap must be smaller than Chunk Size')).toBeTruthy()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Preview' }).hasAttribute('disabled')).toBe(false))
    resetApp()

    storeServer({ stores: [storeOf('s1', 'Handbook')] })
    renderApp('/document-stores/s1/notALoader', { user: freshAdmin() })
    expect(await screen.findByText('There is no document loader named notALoader', {}, { timeout: 10_000 })).toBeTruthy()
    expect(screen.getAllByRole('link', { name: 'Back to Handbook' })[0]!.getAttribute('href')).toBe('/document-stores/s1')
  })
})
