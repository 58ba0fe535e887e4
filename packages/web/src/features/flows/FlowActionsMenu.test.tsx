import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderApp, resetApp } from '../../test/renderApp'
import { flowOf, flowServer, freshAdmin } from './test/flowServer'

// The whole app renders here, on a machine other test runs share: give it time.
configure({ asyncUtilTimeout: 5000 })

const SECRET = 'sk-live-secret'

// A saved chat model node with a credential and a password input: what an export must never carry.
const modelNode = {
  id: 'chatOpenAI_0',
  type: 'customNode',
  position: { x: 10, y: 20 },
  data: {
    id: 'chatOpenAI_0',
    name: 'chatOpenAI',
    label: 'ChatOpenAI',
    credential: 'cred-1',
    inputParams: [
      { name: 'apiKey', type: 'password', label: 'API key' },
      { name: 'modelName', type: 'string', label: 'Model' },
    ],
    inputAnchors: [],
    outputAnchors: [],
    inputs: { apiKey: SECRET, modelName: 'gpt-4o-mini', FLOWISE_CREDENTIAL_ID: 'cred-1' },
  },
}

const support = flowOf('f1', 'Support bot', [], {
  category: 'customer;faq',
  flowData: JSON.stringify({ nodes: [modelNode], edges: [], viewport: { x: 0, y: 0, zoom: 1 } }),
})

async function openMenu(flowName = 'Support bot') {
  fireEvent.click(await screen.findByRole('button', { name: `Flow actions for ${flowName}` }, { timeout: 10_000 }))
  return screen.findByRole('menu')
}

async function choose(action: string, flowName = 'Support bot') {
  fireEvent.click(within(await openMenu(flowName)).getByRole('menuitem', { name: action }))
}

const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.readAsText(blob)
  })

const cardOf = (flowName: string) =>
  screen.getByRole('link', { name: flowName }).closest('[role="listitem"]') as HTMLElement

describe('flow card menu', { timeout: 20_000 }, () => {
  afterEach(resetApp)

  it('groups every action Flowise users know, Delete last and in red', async () => {
    flowServer([support])
    renderApp('/chatflows', { user: freshAdmin() })
    const menu = await openMenu()
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Rename',
      'Duplicate',
      'Export',
      'Starter Prompts',
      'Chat Feedback',
      'Allowed Domains',
      'Speech To Text',
      'Configuration',
      'View Messages',
      'View Leads',
      'Update Category',
      'Delete',
    ])
    expect(within(menu).getAllByRole('separator')).toHaveLength(4)
    const remove = within(menu).getByRole('menuitem', { name: 'Delete' })
    expect(getComputedStyle(remove).color).not.toBe(
      getComputedStyle(within(menu).getByRole('menuitem', { name: 'Export' })).color,
    )
  })

  it('offers a member who may only view the flows what viewing allows', async () => {
    flowServer([support])
    const user = freshAdmin()
    renderApp('/chatflows', {
      user: { ...user, isOrganizationAdmin: false, permissions: ['chatflows:view'] },
      platform: 'enterprise',
    })
    const menu = await openMenu()
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Export', 'View Messages', 'View Leads'])
  })

  it('exports the flow as a Flowise flow file without its credential or secrets', async () => {
    flowServer([support])
    // jsdom has no object URLs: the download is caught where the browser would take it.
    const files: { name: string; blob: Blob }[] = []
    let lastBlob: Blob | undefined
    class DownloadURL extends URL {
      static override createObjectURL(blob: Blob) {
        lastBlob = blob
        return 'blob:flow'
      }
      static override revokeObjectURL() {}
    }
    vi.stubGlobal('URL', DownloadURL)
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      files.push({ name: this.download, blob: lastBlob! })
    })
    renderApp('/chatflows', { user: freshAdmin() })
    await choose('Export')
    await waitFor(() => expect(files).toHaveLength(1))
    click.mockRestore()

    expect(files[0]!.name).toBe('Support bot Chatflow.json')
    const text = await readText(files[0]!.blob)
    expect(text).not.toContain(SECRET)
    expect(text).not.toContain('cred-1')
    const exported = JSON.parse(text)
    expect(exported.edges).toEqual([])
    expect(exported.nodes[0]).toMatchObject({ id: 'chatOpenAI_0', position: { x: 10, y: 20 } })
    expect(exported.nodes[0].data.inputs).toEqual({ apiKey: '', modelName: 'gpt-4o-mini' })
  })

  it('updates the categories shown on the card, refusing the separator and repeats', async () => {
    const server = flowServer([support])
    renderApp('/chatflows', { user: freshAdmin() })
    await screen.findByRole('link', { name: 'Support bot' }, { timeout: 10_000 })
    expect(within(cardOf('Support bot')).getByText('faq')).toBeTruthy()
    await choose('Update Category')
    const dialog = await screen.findByRole('dialog', { name: 'Update Category' })
    const field = within(dialog).getByRole('textbox', { name: 'New category' })

    fireEvent.click(within(dialog).getByRole('img', { name: 'Remove faq' }))
    fireEvent.change(field, { target: { value: 'sales;support' } })
    fireEvent.keyDown(field, { key: 'Enter' })
    expect(within(dialog).getByText('A category cannot contain “;”: it separates categories')).toBeTruthy()
    fireEvent.change(field, { target: { value: 'Customer' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }))
    expect(within(dialog).getByText('Customer is already a category')).toBeTruthy()
    fireEvent.change(field, { target: { value: 'billing' } })
    fireEvent.keyDown(field, { key: 'Enter' })
    fireEvent.change(field, { target: { value: ' onboarding ' } })
    expect(server.calls('PUT')).toEqual([])
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Chatflow categories updated')).toBeTruthy()
    expect(server.calls('PUT')).toEqual([
      { url: '/api/v1/chatflows/f1', body: JSON.stringify({ category: 'customer;billing;onboarding' }) },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(within(cardOf('Support bot')).getByText('onboarding')).toBeTruthy())
    expect(within(cardOf('Support bot')).queryByText('faq')).toBeNull()
  })

  it('opens the configuration at the tab that holds the chosen setting, and saves it', async () => {
    const server = flowServer([support])
    renderApp('/chatflows', { user: freshAdmin() })
    await choose('Allowed Domains')
    const dialog = await screen.findByRole('dialog', { name: 'Configure Support bot' }, { timeout: 10_000 })
    expect(within(dialog).getByRole('tab', { name: 'Security', selected: true })).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    await choose('Starter Prompts')
    const chatbot = await screen.findByRole('dialog', { name: 'Configure Support bot' })
    expect(within(chatbot).getByRole('tab', { name: 'Chatbot', selected: true })).toBeTruthy()
    fireEvent.click(within(chatbot).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    await choose('Speech To Text')
    const speech = await screen.findByRole('dialog', { name: 'Configure Support bot' })
    expect(within(speech).getByRole('tab', { name: 'Speech to text', selected: true })).toBeTruthy()
    fireEvent.click(within(speech).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Configuration saved')).toBeTruthy()
    expect(server.calls('PUT').map((call) => call.url)).toEqual(['/api/v1/chatflows/f1'])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('opens the flow’s messages and leads', async () => {
    flowServer([support])
    renderApp('/chatflows', { user: freshAdmin() })
    await choose('View Messages')
    const messages = await screen.findByRole('dialog', { name: 'Messages of Support bot' }, { timeout: 10_000 })
    fireEvent.keyDown(messages, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await choose('View Leads')
    expect(await screen.findByRole('dialog', { name: 'Leads of Support bot' }, { timeout: 10_000 })).toBeTruthy()
  })
})
