import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ApiKey } from '@weft/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderApp, resetApp } from '../../test/renderApp'
import { json, restServer } from '../credentials/test/restServer'
import { freshAdmin } from '../flows/test/flowServer'

configure({ asyncUtilTimeout: 5000 })

// Newest first: the website key is a minute younger than the scripts key, so the order never depends on timing.
const keyOf = (id: string, keyName: string, chatFlows: ApiKey['chatFlows'] = [], ageMs = 5 * 86_400_000): ApiKey => ({
  id,
  keyName,
  keyPreview: `wft_${id}a9…`,
  workspaceId: 'w1',
  createdDate: new Date(Date.now() - ageMs).toISOString(),
  chatFlows,
})

const FULL_KEY = 'wft_3f9a0c1d2e3f4a5b6c7d8e9f0a1b2c3d'

/** The API keys API over an in-memory list; the full key is only in the answer to POST. */
function apiKeyServer(initial: ApiKey[]) {
  let keys = [...initial]
  return restServer((method, path, body) => {
    const data = body as { keyName: string } | undefined
    if (method === 'GET' && path === '/apikey') return json(keys)
    if (method === 'POST' && path === '/apikey' && data) {
      const created = { ...keyOf('k9', data.keyName), keyPreview: 'wft_3f9a…', createdDate: new Date().toISOString() }
      keys = [...keys, created]
      return json({ ...created, apiKey: FULL_KEY })
    }
    const id = path.match(/^\/apikey\/(.+)$/)?.[1]
    if (method === 'PUT' && data) {
      keys = keys.map((key) => (key.id === id ? { ...key, keyName: data.keyName } : key))
      return json(keys.find((key) => key.id === id))
    }
    if (method === 'DELETE') {
      keys = keys.filter((key) => key.id !== id)
      return json({ id })
    }
    return undefined
  })
}

const website = keyOf('k1', 'Support website', [
  { id: 'f1', name: 'Support bot' },
  { id: 'f2', name: 'FAQ bot' },
])
const scripts = keyOf('k2', 'Nightly scripts', [], 5 * 86_400_000 + 60_000)

describe('API keys screen', { timeout: 20_000 }, () => {
  afterEach(resetApp)

  it('lists keys by name and preview, with the flows that use them', async () => {
    apiKeyServer([website, scripts])
    renderApp('/apikey', { user: freshAdmin() })
    const table = await screen.findByRole('table', { name: 'API Keys' }, { timeout: 10_000 })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Key Name', 'API Key', 'Usage', 'Created', 'Actions'])
    const [, first, second] = within(table).getAllByRole('row')
    expect(within(first!).getByText('Support website')).toBeTruthy()
    expect(within(first!).getByText('wft_k1a9…')).toBeTruthy()
    expect(within(first!).getByText('2 flows')).toBeTruthy()
    expect(within(first!).getByText('5 days ago')).toBeTruthy()
    expect(within(second!).getByText('No flows')).toBeTruthy()
  })

  it('creates a key and shows it in full once, with a Copy button', async () => {
    const server = apiKeyServer([])
    const writeText = vi.fn(async () => undefined)
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    renderApp('/apikey', { user: freshAdmin() })
    expect(await screen.findByText('No API keys yet', {}, { timeout: 10_000 })).toBeTruthy()
    fireEvent.click(screen.getAllByRole('button', { name: 'Create Key' })[0]!)
    const form = await screen.findByRole('dialog', { name: 'Create API Key' })
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }))
    expect(await within(form).findByText('Key name is required')).toBeTruthy()
    fireEvent.change(within(form).getByLabelText('Key name'), { target: { value: 'Mobile app' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }))

    const shown = await screen.findByRole('dialog', { name: 'API key Mobile app created' })
    expect(within(shown).getByText('Copy this key now. You will not be able to see it again.')).toBeTruthy()
    expect(within(shown).getByText(FULL_KEY)).toBeTruthy()
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(FULL_KEY))
    expect(server.calls('POST')).toEqual([{ path: '/apikey', body: { keyName: 'Mobile app' } }])

    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await screen.findByText('wft_3f9a…')).toBeTruthy()
    expect(screen.queryByText(FULL_KEY)).toBeNull()
  })

  it('renames a key', async () => {
    const server = apiKeyServer([scripts])
    renderApp('/apikey', { user: freshAdmin() })
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Nightly scripts' }, { timeout: 10_000 }))
    const dialog = await screen.findByRole('dialog', { name: 'Rename API Key' })
    fireEvent.change(within(dialog).getByLabelText('Key name'), { target: { value: 'Nightly jobs' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }))
    expect(await screen.findByText('Nightly jobs')).toBeTruthy()
    expect(server.calls('PUT')).toEqual([{ path: '/apikey/k2', body: { keyName: 'Nightly jobs' } }])
  })

  it('deletes only after the user confirms, naming the flows that lose access', async () => {
    const server = apiKeyServer([website])
    renderApp('/apikey', { user: freshAdmin() })
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Support website' }, { timeout: 10_000 }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete API key' })
    expect(dialog.textContent).toContain('Delete API key Support website? Support bot, FAQ bot will lose access')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(server.calls('DELETE')).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: 'Delete Support website' }))
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete API key' })).getByRole('button', { name: 'Delete' }),
    )
    expect(await screen.findByText('API key Support website deleted')).toBeTruthy()
    expect(server.calls('DELETE').map((call) => call.path)).toEqual(['/apikey/k1'])
    expect(await screen.findByText('No API keys yet')).toBeTruthy()
  })
})
