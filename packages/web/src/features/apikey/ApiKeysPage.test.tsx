import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ApiKey, Flow } from '@weft/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderApp, resetApp } from '../../test/renderApp'
import { json, restServer } from '../credentials/test/restServer'
import { flowOf, freshAdmin } from '../flows/test/flowServer'

configure({ asyncUtilTimeout: 5000 })

type StoredKey = Omit<ApiKey, 'chatFlows'>

// Newest first: the website key is a minute younger than the scripts key, so the order never depends on timing.
const keyOf = (id: string, keyName: string, ageMs = 5 * 86_400_000): StoredKey => ({
  id,
  keyName,
  keyPreview: `wft_${id}a9…`,
  workspaceId: 'w1',
  createdDate: new Date(Date.now() - ageMs).toISOString(),
  permissions: [],
})

const FULL_KEY = 'wft_3f9a0c1d2e3f4a5b6c7d8e9f0a1b2c3d'

type KeyBody = { keyName: string; permissions?: string[]; flowIds?: string[] }

/**
 * The API keys and flows APIs over in-memory lists. A flow holds one key, as on the server: binding
 * moves it, and a key's flows are read from the flows, by name. The full key is only in the answer to POST.
 */
function apiKeyServer(initialKeys: StoredKey[], initialFlows: Flow[] = [], { flowsFail = false } = {}) {
  let keys = [...initialKeys]
  let flows = [...initialFlows]
  const listed = (key: StoredKey): ApiKey => ({
    ...key,
    chatFlows: flows
      .filter((flow) => flow.apikeyid === key.id)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((flow) => ({ id: flow.id, name: flow.name, type: flow.type })),
  })
  const bind = (keyId: string, flowIds: string[] | undefined) => {
    if (!flowIds) return
    flows = flows.map((flow) =>
      flowIds.includes(flow.id)
        ? { ...flow, apikeyid: keyId }
        : flow.apikeyid === keyId
          ? { ...flow, apikeyid: null }
          : flow,
    )
  }
  return restServer((method, path, body) => {
    const data = body as KeyBody | undefined
    if (method === 'GET' && path.startsWith('/chatflows?'))
      return flowsFail ? json({ message: 'Database is busy' }, 500) : json(flows)
    if (method === 'GET' && path === '/apikey') return json(keys.map(listed))
    if (method === 'POST' && path === '/apikey' && data) {
      const created = {
        ...keyOf('k9', data.keyName),
        keyPreview: 'wft_3f9a…',
        createdDate: new Date().toISOString(),
        permissions: data.permissions ?? [],
      }
      keys = [...keys, created]
      bind(created.id, data.flowIds)
      return json({ ...listed(created), apiKey: FULL_KEY })
    }
    const id = path.match(/^\/apikey\/(.+)$/)?.[1]
    if (method === 'PUT' && id && data) {
      keys = keys.map((key) =>
        key.id === id ? { ...key, keyName: data.keyName, permissions: data.permissions ?? key.permissions } : key,
      )
      bind(id, data.flowIds)
      return json(listed(keys.find((key) => key.id === id)!))
    }
    if (method === 'DELETE' && id) {
      keys = keys.filter((key) => key.id !== id)
      flows = flows.map((flow) => (flow.apikeyid === id ? { ...flow, apikeyid: null } : flow))
      return json({ id })
    }
    return undefined
  })
}

const website = keyOf('k1', 'Support website')
const scripts = keyOf('k2', 'Nightly scripts', 5 * 86_400_000 + 60_000)
const supportBot = flowOf('f1', 'Support bot', [], { apikeyid: 'k1' })
const faqBot = flowOf('f2', 'FAQ bot', [], { apikeyid: 'k1' })
const researcher = flowOf('f3', 'Research agent', [], { type: 'AGENTFLOW' })

const flowBox = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('checkbox', { name }) as HTMLInputElement
const descriptionOf = (element: HTMLElement) =>
  document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent

describe('API keys screen', { timeout: 20_000 }, () => {
  afterEach(resetApp)

  it('lists keys by name and preview, with links to the flows bound to them', async () => {
    apiKeyServer([website, scripts], [supportBot, faqBot])
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
    expect(within(first!).getByRole('link', { name: 'Support bot' }).getAttribute('href')).toBe('/canvas/f1')
    expect(within(first!).getByRole('link', { name: 'FAQ bot' }).getAttribute('href')).toBe('/canvas/f2')
    expect(within(first!).getByText('5 days ago')).toBeTruthy()
    expect(within(second!).getByText('No flows')).toBeTruthy()
  })

  it('creates a key bound to the chosen flows, moving one from its old key, and shows the key in full once', async () => {
    const server = apiKeyServer([scripts], [supportBot, researcher, { ...faqBot, apikeyid: 'k2' }])
    const writeText = vi.fn(async () => undefined)
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    renderApp('/apikey', { user: freshAdmin() })
    fireEvent.click(await screen.findByRole('button', { name: 'Create Key' }, { timeout: 10_000 }))
    const form = await screen.findByRole('dialog', { name: 'Create API Key' })
    const faq = await waitFor(() => flowBox(form, 'FAQ bot'))
    expect(within(form).getByText('Agentflow V2')).toBeTruthy()
    expect(descriptionOf(faq)).toBe('Bound to Nightly scripts. Choosing it moves it to this key.')
    expect(flowBox(form, 'Research agent').checked).toBe(false)

    fireEvent.click(within(form).getByRole('button', { name: 'Create' }))
    expect(await within(form).findByText('Key name is required')).toBeTruthy()
    fireEvent.change(within(form).getByLabelText('Key name'), { target: { value: 'Mobile app' } })
    fireEvent.click(faq)
    fireEvent.click(flowBox(form, 'Research agent'))
    expect(descriptionOf(flowBox(form, 'FAQ bot'))).toBe(
      'Moves from Nightly scripts to this key: a flow holds one key.',
    )
    expect(within(form).getByText('2 of 3 flows chosen')).toBeTruthy()
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }))

    const shown = await screen.findByRole('dialog', { name: 'API key Mobile app created' })
    expect(within(shown).getByText('Copy this key now. You will not be able to see it again.')).toBeTruthy()
    expect(within(shown).getByText(FULL_KEY)).toBeTruthy()
    expect(shown.textContent).toContain('It lets them call FAQ bot, Research agent.')
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(FULL_KEY))
    expect(server.calls('POST')).toEqual([
      { path: '/apikey', body: { keyName: 'Mobile app', permissions: [], flowIds: ['f2', 'f3'] } },
    ])

    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const row = (await screen.findByText('wft_3f9a…')).closest('tr')!
    expect(within(row).getByRole('link', { name: 'Research agent' }).getAttribute('href')).toBe('/v2/agentcanvas/f3')
    expect(screen.queryByText(FULL_KEY)).toBeNull()
    const oldRow = screen.getByText('Nightly scripts').closest('tr')!
    expect(within(oldRow).getByText('No flows')).toBeTruthy()
  })

  it('edits a key’s name and flows: unchecking a flow unbinds it', async () => {
    const server = apiKeyServer([website], [supportBot, faqBot, researcher])
    renderApp('/apikey', { user: freshAdmin() })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Support website' }, { timeout: 10_000 }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit API Key' })
    await waitFor(() => expect(flowBox(dialog, 'Support bot').checked).toBe(true))
    expect(flowBox(dialog, 'FAQ bot').checked).toBe(true)
    expect(descriptionOf(flowBox(dialog, 'FAQ bot'))).toBeUndefined()
    fireEvent.change(within(dialog).getByLabelText('Key name'), { target: { value: 'Help centre' } })
    fireEvent.click(flowBox(dialog, 'FAQ bot'))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('API key Help centre saved')).toBeTruthy()
    expect(server.calls('PUT')).toEqual([
      { path: '/apikey/k1', body: { keyName: 'Help centre', permissions: [], flowIds: ['f1'] } },
    ])
    const row = (await screen.findByText('Help centre')).closest('tr')!
    await waitFor(() => expect(within(row).queryByRole('link', { name: 'FAQ bot' })).toBeNull())
    expect(within(row).getByRole('link', { name: 'Support bot' })).toBeTruthy()
  })

  it('renames only, leaving the flows alone, when the flows cannot load', async () => {
    const server = apiKeyServer([website], [supportBot], { flowsFail: true })
    renderApp('/apikey', { user: freshAdmin() })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Support website' }, { timeout: 10_000 }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit API Key' })
    expect(
      await within(dialog).findByText(/Could not load the flows, so saving leaves the key’s flows as they are/),
    ).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('Key name'), { target: { value: 'Website' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(server.calls('PUT')).toEqual([{ path: '/apikey/k1', body: { keyName: 'Website', permissions: [] } }]),
    )
  })

  it('offers only the flows whose key the user may change', async () => {
    apiKeyServer([website], [supportBot, researcher])
    const user = freshAdmin()
    renderApp('/apikey', {
      platform: 'enterprise',
      user: {
        ...user,
        isOrganizationAdmin: false,
        permissions: ['apikeys:view', 'apikeys:update', 'chatflows:view', 'agentflows:view', 'chatflows:update'],
      },
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Support website' }, { timeout: 10_000 }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit API Key' })
    const agent = await waitFor(() => flowBox(dialog, 'Research agent'))
    expect(agent.disabled).toBe(true)
    expect(descriptionOf(agent)).toBe('You do not have permission to change this flow’s API key.')
    expect(flowBox(dialog, 'Support bot').disabled).toBe(false)
  })

  it('gives a key the permissions chosen, by group, and shows them again when editing', async () => {
    const server = apiKeyServer([], [supportBot])
    renderApp('/apikey', { user: freshAdmin() })
    fireEvent.click(await screen.findByRole('button', { name: 'Create Key' }, { timeout: 10_000 }))
    const form = await screen.findByRole('dialog', { name: 'Create API Key' })
    expect(within(form).getByText('No permissions chosen')).toBeTruthy()
    fireEvent.change(within(form).getByLabelText('Key name'), { target: { value: 'Reporting script' } })
    fireEvent.click(within(form).getByRole('checkbox', { name: 'All Chatflows permissions' }))
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Chatflows: Delete' }))
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Executions: View' }))
    const chatflows = within(form).getByRole('checkbox', { name: 'All Chatflows permissions' }) as HTMLInputElement
    expect(chatflows.getAttribute('data-indeterminate')).toBe('true')
    expect(within(form).getByText('4 permissions chosen')).toBeTruthy()
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }))
    await screen.findByRole('dialog', { name: 'API key Reporting script created' })
    expect(server.calls('POST')[0]?.body).toMatchObject({
      keyName: 'Reporting script',
      permissions: ['chatflows:view', 'chatflows:create', 'chatflows:update', 'executions:view'],
    })
    fireEvent.click(screen.getByRole('button', { name: 'Done' }))

    fireEvent.click(await screen.findByRole('button', { name: 'Edit Reporting script' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit API Key' })
    const box = (name: string) => within(dialog).getByRole('checkbox', { name }) as HTMLInputElement
    expect(box('Executions: View').checked).toBe(true)
    expect(box('Chatflows: Delete').checked).toBe(false)
    fireEvent.click(box('Executions: View'))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(server.calls('PUT')[0]?.body).toMatchObject({
        permissions: ['chatflows:view', 'chatflows:create', 'chatflows:update'],
      }),
    )
  })

  it('lets a member give a key only the permissions the member holds', async () => {
    apiKeyServer([], [supportBot])
    const user = freshAdmin()
    renderApp('/apikey', {
      platform: 'enterprise',
      user: { ...user, isOrganizationAdmin: false, permissions: ['apikeys:view', 'apikeys:create', 'chatflows:view'] },
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Create Key' }, { timeout: 10_000 }))
    const form = await screen.findByRole('dialog', { name: 'Create API Key' })
    const box = (name: string) => within(form).getByRole('checkbox', { name }) as HTMLInputElement
    expect(box('Chatflows: View').disabled).toBe(false)
    expect(box('Credentials: View').disabled).toBe(true)
    expect(box('All Credentials permissions').disabled).toBe(true)
    expect(box('API keys: Create').disabled).toBe(false)
  })

  it('deletes only after the user confirms, naming the flows that lose access', async () => {
    const server = apiKeyServer([website], [supportBot, faqBot])
    renderApp('/apikey', { user: freshAdmin() })
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Support website' }, { timeout: 10_000 }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete API key' })
    expect(dialog.textContent).toContain('Delete API key Support website? FAQ bot, Support bot will lose access')
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
