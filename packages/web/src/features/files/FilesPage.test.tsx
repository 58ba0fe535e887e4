import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { UserFile } from '@weft/core'
import { findHeading, renderApp, resetApp } from '../../test/renderApp'
import { json, restServer } from '../credentials/test/restServer'
import { freshAdmin } from '../flows/test/flowServer'
import { typeLabel } from './FilesPage'

configure({ asyncUtilTimeout: 5000 })

const user = () => ({ ...freshAdmin(), permissions: ['documentStores:view'], features: { 'feat:files': true } })

const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString()

const photo: UserFile = {
  id: 'f-photo',
  name: 'photo.png',
  type: 'image/png',
  size: 1536,
  source: 'chat',
  usedIn: { kind: 'chat', id: 'flow-1', name: 'Support bot', detail: 'Chat chat-1', flowType: 'CHATFLOW' },
  inUse: false,
  downloadable: true,
  storedHere: true,
  addedDate: ago(1),
}
const handbook: UserFile = {
  id: 'f-csv',
  name: 'people.csv',
  type: 'text/csv',
  size: 2 * 1024 * 1024,
  source: 'documentStore',
  usedIn: { kind: 'documentStore', id: 'store-1', name: 'Handbook', detail: 'Csv File' },
  inUse: true,
  downloadable: true,
  storedHere: true,
  addedDate: ago(2),
}
const sales: UserFile = {
  id: 'f-xlsx',
  name: 'sales.xlsx',
  type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  size: 2048,
  source: 'assistant',
  usedIn: { kind: 'assistant', id: 'a-1', name: 'Analyst', detail: 'Kept by OpenAI' },
  inUse: true,
  downloadable: false,
  storedHere: false,
  addedDate: ago(3),
}

function fileServer(initial: UserFile[], { fail = false } = {}) {
  let files = [...initial]
  return restServer((method, path) => {
    if (method === 'GET' && path === '/files') {
      if (fail) return json({ message: 'Database is busy' }, 500)
      const totalSize = files.filter((f) => f.storedHere).reduce((sum, f) => sum + f.size, 0)
      return json({ files, totalSize })
    }
    const id = path.match(/^\/files\?id=(.+)$/)?.[1]
    if (method === 'DELETE' && id) {
      const file = files.find((f) => f.id === decodeURIComponent(id))!
      if (file.inUse)
        return json({ message: `${file.name} is used by the loader Csv File of the document store Handbook` }, 409)
      files = files.filter((f) => f !== file)
      return json({ deleted: true, name: file.name })
    }
    return undefined
  })
}

describe('Files screen', { timeout: 20_000 }, () => {
  afterEach(resetApp)

  it('lists each file with its type, size, where it is used and when it was added, and the total storage', async () => {
    fileServer([photo, handbook, sales])
    renderApp('/files', { platform: 'enterprise', user: user() })
    await findHeading('Files')
    const table = await screen.findByRole('table', { name: 'Files' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Type', 'Size', 'Where used', 'Added', 'Actions'])
    const [, first, second, third] = within(table).getAllByRole('row')
    expect(within(first!).getByText('photo.png')).toBeTruthy()
    expect(within(first!).getByText('PNG')).toBeTruthy()
    expect(within(first!).getByText('1.5 KB')).toBeTruthy()
    expect(within(first!).getByText('Chat attachment')).toBeTruthy()
    expect(first!.textContent).toContain('Support bot · Chat chat-1')
    expect(within(first!).getByRole('link', { name: 'Support bot' }).getAttribute('href')).toBe('/canvas/flow-1')
    expect(within(first!).getByText('a day ago')).toBeTruthy()
    expect(within(first!).getByRole('link', { name: 'Download photo.png' }).getAttribute('href')).toBe(
      '/api/v1/files/download?id=f-photo',
    )
    expect(within(second!).getByText('2 MB')).toBeTruthy()
    expect(within(second!).getByRole('link', { name: 'Handbook' }).getAttribute('href')).toBe(
      '/document-stores/store-1',
    )
    expect(within(third!).getByText('Excel')).toBeTruthy()
    // The provider keeps assistant files: nothing to download here.
    expect(within(third!).queryByRole('link', { name: 'Download sales.xlsx' })).toBeNull()
    expect(screen.getByText('Total storage: 2 MB')).toBeTruthy()
  })

  it('deletes a chat attachment after a confirm naming where it was sent', async () => {
    const server = fileServer([photo, handbook])
    renderApp('/files', { platform: 'enterprise', user: user() })
    fireEvent.click(await screen.findByRole('button', { name: 'Delete photo.png' }, { timeout: 10_000 }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog.textContent).toContain('It was sent in a chat of Support bot (Chat chat-1)')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByText('photo.png')).toBeNull())
    expect(server.calls('DELETE')).toEqual([{ path: '/files?id=f-photo', body: undefined }])
    expect(await screen.findByText('photo.png deleted')).toBeTruthy()
  })

  it('warns before deleting a file still used and shows the server’s refusal', async () => {
    fileServer([handbook])
    renderApp('/files', { platform: 'enterprise', user: user() })
    fireEvent.click(await screen.findByRole('button', { name: 'Delete people.csv' }, { timeout: 10_000 }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog.textContent).toContain('people.csv is used by the loader Csv File of the document store Handbook')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(
      await screen.findByText(
        'Failed to delete file: people.csv is used by the loader Csv File of the document store Handbook',
      ),
    ).toBeTruthy()
    expect(screen.getByText('people.csv')).toBeTruthy()
  })

  it('shows the empty state, and the error with a retry', async () => {
    fileServer([])
    renderApp('/files', { platform: 'enterprise', user: user() })
    expect(await screen.findByText('No files yet')).toBeTruthy()
    expect(screen.queryByText(/Total storage/)).toBeNull()
    resetApp()
    fileServer([], { fail: true })
    renderApp('/files', { platform: 'enterprise', user: user() })
    expect(await screen.findByText('Could not load files')).toBeTruthy()
  })

  it('names content types briefly', () => {
    expect(typeLabel('application/pdf')).toBe('PDF')
    expect(typeLabel('image/jpeg')).toBe('JPEG')
    expect(typeLabel('text/csv; charset=utf-8')).toBe('CSV')
    expect(typeLabel('application/x-custom')).toBe('application/x-custom')
  })
})
