import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { findHeading, renderApp, resetApp } from '../../test/renderApp'
import { flowOf, flowServer, freshAdmin } from './test/flowServer'

// The whole app renders here, on a machine other test runs share: give it time.
configure({ asyncUtilTimeout: 5000 })

const alpha = flowOf(
  'f1',
  'Support bot',
  ['chatOpenAI', 'llmChain', 'promptTemplate', 'bufferMemory', 'calculator', 'customTool', 'httpRequest'],
  {
    category: 'customer;faq',
  },
)
const beta = flowOf('f2', 'Research helper', ['chatOllama'])

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Chatflows' }))
    .getAllByRole('heading')
    .map((heading) => heading.textContent)

async function openAction(flowName: string, action: string) {
  fireEvent.click(screen.getByRole('button', { name: `Flow actions for ${flowName}` }))
  fireEvent.click(await screen.findByRole('menuitem', { name: action }))
}

describe('chatflows list', { timeout: 15_000 }, () => {
  afterEach(resetApp)

  it('shows each flow with its node icons and opens its canvas', async () => {
    flowServer([alpha, beta])
    renderApp('/chatflows', { user: freshAdmin() })
    // The first test also waits for the lazily loaded screen.
    const link = await screen.findByRole('link', { name: 'Support bot' }, { timeout: 10_000 })
    expect(link.getAttribute('href')).toBe('/canvas/f1')
    const card = link.closest('[role="listitem"]') as HTMLElement
    const icons = within(card).getAllByRole('img')
    expect(icons.map((icon) => icon.getAttribute('alt'))).toEqual([
      'CHATOPENAI',
      'LLMCHAIN',
      'PROMPTTEMPLATE',
      'BUFFERMEMORY',
      'CALCULATOR',
    ])
    expect(icons[0]?.getAttribute('src')).toBe('/api/v1/node-icon/chatOpenAI')
    expect(within(card).getByText('+2 more')).toBeTruthy()
    expect(within(card).getByText('Updated 3 hours ago')).toBeTruthy()
  })

  it('filters by name, category and id as the user types', async () => {
    flowServer([alpha, beta])
    renderApp('/chatflows', { user: freshAdmin() })
    await screen.findByRole('link', { name: 'Support bot' })
    const search = screen.getByRole('searchbox', { name: 'Search chatflows' })
    fireEvent.change(search, { target: { value: 'research' } })
    await waitFor(() => expect(cardNames()).toEqual(['Research helper']))
    fireEvent.change(search, { target: { value: 'FAQ' } })
    await waitFor(() => expect(cardNames()).toEqual(['Support bot']))
    fireEvent.change(search, { target: { value: 'f2' } })
    await waitFor(() => expect(cardNames()).toEqual(['Research helper']))
    fireEvent.change(search, { target: { value: 'nothing like this' } })
    expect(await screen.findByText('No chatflows match')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(cardNames()).toHaveLength(2))
  })

  it('switches to a table and remembers the choice', async () => {
    flowServer([alpha])
    renderApp('/chatflows', { user: freshAdmin() })
    await screen.findByRole('link', { name: 'Support bot' })
    fireEvent.click(screen.getByRole('button', { name: 'List view' }))
    const table = screen.getByRole('table', { name: 'Chatflows' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Category', 'Nodes', 'Last Modified', 'Actions'])
    expect(within(table).getByText('faq')).toBeTruthy()
    expect(within(table).getByRole('link', { name: 'Support bot' }).getAttribute('href')).toBe('/canvas/f1')
    resetApp()
    localStorage.setItem('weft.flowListView', 'list')
    flowServer([alpha])
    renderApp('/chatflows', { user: freshAdmin() })
    expect(await screen.findByRole('table', { name: 'Chatflows' })).toBeTruthy()
  })

  it('invites the user to create a first chatflow when there is none', async () => {
    flowServer([])
    renderApp('/chatflows', { user: freshAdmin() })
    expect(await screen.findByText('No chatflows yet')).toBeTruthy()
    const links = screen.getAllByRole('link', { name: 'Add New' })
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/canvas', '/canvas'])
  })

  it('keeps the heading and offers Retry when the list cannot load', async () => {
    const server = flowServer([alpha])
    // Only the list's first call fails: the header's own calls go through as usual.
    const answer = server.fetch.getMockImplementation()!
    let failed = false
    server.fetch.mockImplementation(async (url, init) => {
      if (failed || !url.startsWith('/api/v1/chatflows?')) return answer(url, init)
      failed = true
      throw new TypeError('offline')
    })
    renderApp('/chatflows', { user: freshAdmin() })
    expect(await findHeading('Chatflows')).toBeTruthy()
    expect(await screen.findByText('Could not load chatflows')).toBeTruthy()
    expect(screen.getByText('offline')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('link', { name: 'Support bot' })).toBeTruthy()
  })

  it('deletes only after the user confirms', async () => {
    const server = flowServer([alpha, beta])
    renderApp('/chatflows', { user: freshAdmin() })
    await screen.findByRole('link', { name: 'Support bot' })
    await openAction('Support bot', 'Delete')
    const dialog = await screen.findByRole('dialog', { name: 'Delete' })
    expect(within(dialog).getByText('Delete chatflow Support bot?')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(server.calls('DELETE')).toEqual([])

    await openAction('Support bot', 'Delete')
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete' })).getByRole('button', { name: 'Delete' }),
    )
    expect(await screen.findByText('Chatflow deleted')).toBeTruthy()
    expect(server.calls('DELETE').map((call) => call.url)).toEqual(['/api/v1/chatflows/f1'])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(cardNames()).toEqual(['Research helper']))
  })

  it('renames with a validated name', async () => {
    const server = flowServer([alpha])
    renderApp('/chatflows', { user: freshAdmin() })
    await screen.findByRole('link', { name: 'Support bot' })
    await openAction('Support bot', 'Rename')
    const dialog = await screen.findByRole('dialog', { name: 'Rename' })
    const field = within(dialog).getByRole('textbox', { name: 'Name' })
    expect((field as HTMLInputElement).value).toBe('Support bot')
    fireEvent.change(field, { target: { value: '   ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }))
    expect(await within(dialog).findByText('Name is required')).toBeTruthy()
    fireEvent.change(field, { target: { value: 'x'.repeat(256) } })
    expect(await within(dialog).findByText('Name must be at most 255 characters')).toBeTruthy()
    expect(server.calls('PUT')).toEqual([])

    fireEvent.change(field, { target: { value: 'Help desk' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }))
    expect(await screen.findByRole('link', { name: 'Help desk' })).toBeTruthy()
    expect(server.calls('PUT')).toEqual([{ url: '/api/v1/chatflows/f1', body: JSON.stringify({ name: 'Help desk' }) }])
    expect(screen.getByText('Chatflow renamed')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('duplicates a flow as a copy with the same nodes', async () => {
    const server = flowServer([beta])
    renderApp('/chatflows', { user: freshAdmin() })
    await screen.findByRole('link', { name: 'Research helper' })
    await openAction('Research helper', 'Duplicate')
    expect(await screen.findByRole('link', { name: 'Research helper (copy)' })).toBeTruthy()
    const [post] = server.calls('POST')
    expect(JSON.parse(String(post?.body))).toMatchObject({
      name: 'Research helper (copy)',
      type: 'CHATFLOW',
      flowData: beta.flowData,
    })
  })

  it('tells the user when a change fails', async () => {
    const server = flowServer([beta])
    renderApp('/chatflows', { user: freshAdmin() })
    await screen.findByRole('link', { name: 'Research helper' })
    server.fetch.mockResolvedValueOnce(new Response(JSON.stringify({ message: 'Flow is locked' }), { status: 500 }))
    await openAction('Research helper', 'Duplicate')
    expect(await screen.findByText('Failed to duplicate chatflow: Flow is locked')).toBeTruthy()
  })

  it('hides create, rename and delete from a member who may only view', async () => {
    flowServer([alpha])
    const user = freshAdmin()
    renderApp('/chatflows', {
      user: { ...user, isOrganizationAdmin: false, permissions: ['chatflows:view'] },
      platform: 'enterprise',
    })
    await screen.findByRole('link', { name: 'Support bot' })
    expect(screen.queryByRole('link', { name: 'Add New' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Flow actions for Support bot' }))
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem')
    expect(items.map((item) => item.textContent)).not.toContain('Rename')
    expect(items.map((item) => item.textContent)).not.toContain('Delete')
  })

  it('shows every one of 200 flows, without pagination', { timeout: 30_000 }, async () => {
    const many = Array.from({ length: 200 }, (_, index) =>
      flowOf(`m${index}`, `Flow ${index}`, ['chatOpenAI', 'llmChain']),
    )
    flowServer(many)
    renderApp('/chatflows', { user: freshAdmin() })
    // Text and selector queries: role queries over 200 cards are slow in jsdom.
    await screen.findByText('Flow 199', {}, { timeout: 10_000 })
    expect(document.querySelectorAll('[aria-label="Chatflows"] [role="listitem"]')).toHaveLength(200)
  })

  it('shows the list at / too', async () => {
    flowServer([beta])
    renderApp('/', { user: freshAdmin() })
    expect(await screen.findByRole('link', { name: 'Research helper' })).toBeTruthy()
  })
})
