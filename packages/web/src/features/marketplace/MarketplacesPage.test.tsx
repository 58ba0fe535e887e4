import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { FlowTemplate } from '@weft/core'
import { afterEach, describe, expect, it } from 'vitest'
import { findHeading, renderApp, resetApp, stubServer } from '../../test/renderApp'
import { freshAdmin } from '../flows/test/flowServer'

// The whole app renders here, on a machine other test runs share: give it time.
configure({ asyncUtilTimeout: 5000 })

const template = (
  id: string,
  templateName: string,
  type: FlowTemplate['type'],
  usecases: string[],
  extra: Partial<FlowTemplate> = {},
): FlowTemplate => ({
  id,
  templateName,
  description: `${templateName} answers with the offline model.`,
  type,
  categories: [],
  usecases,
  flowData: JSON.stringify({
    nodes: [{ id: 'n', type: 'customNode', data: { name: 'chatOffline', label: 'Offline Chat Model' } }],
    edges: [],
  }),
  ...extra,
})

const templates = [
  template('t1', 'FAQ bot', 'Chatflow', ['Customer Support'], { badge: 'POPULAR' }),
  template('t2', 'Ticket router', 'AgentflowV2', ['Customer Support', 'Agent'], { cannotRun: true }),
  template('t3', 'Summariser', 'Chatflow', ['Documents']),
]

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Templates' }))
    .getAllByRole('heading')
    .map((heading) => heading.textContent)

async function openMarketplace() {
  stubServer((url) => (url === '/api/v1/marketplaces/templates' ? new Response(JSON.stringify(templates)) : undefined))
  renderApp('/marketplaces', { user: freshAdmin() })
  await screen.findByRole('link', { name: 'FAQ bot' }, { timeout: 10_000 })
}

describe('marketplace', { timeout: 15_000 }, () => {
  afterEach(resetApp)

  it('shows each template and opens the canvas of its kind', async () => {
    await openMarketplace()
    expect(await findHeading('Marketplaces')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'FAQ bot' }).getAttribute('href')).toBe('/marketplace/t1')
    expect(screen.getByRole('link', { name: 'Ticket router' }).getAttribute('href')).toBe('/v2/marketplace/t2')
    const card = screen.getByRole('link', { name: 'FAQ bot' }).closest('[role="listitem"]') as HTMLElement
    expect(within(card).getByText('POPULAR')).toBeTruthy()
    expect(within(card).getByText('Chatflow')).toBeTruthy()
    expect(within(card).getByRole('img', { name: 'Offline Chat Model' }).getAttribute('src')).toBe(
      '/api/v1/node-icon/chatOffline',
    )
  })

  it('marks a template that cannot run yet, with why on hover, and only that one', async () => {
    await openMarketplace()
    const card = (name: string) => screen.getByRole('link', { name }).closest('[role="listitem"]') as HTMLElement
    const badge = within(card('Ticket router')).getByText('Cannot run yet')
    fireEvent.mouseOver(badge)
    expect((await screen.findByRole('tooltip')).textContent).toContain('can be edited and saved, but not run')
    expect(within(card('FAQ bot')).queryByText('Cannot run yet')).toBeNull()
    expect(within(card('Summariser')).queryByText('Cannot run yet')).toBeNull()
  })

  it('filters by type, use case and text together', async () => {
    await openMarketplace()
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Template type' })).getByRole('button', { name: 'Agentflow V2' }),
    )
    await waitFor(() => expect(cardNames()).toEqual(['Ticket router']))
    fireEvent.click(within(screen.getByRole('group', { name: 'Template type' })).getByRole('button', { name: 'All' }))
    const usecases = screen.getByRole('group', { name: 'Use cases' })
    expect(
      within(usecases)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['Agent', 'Customer Support', 'Documents'])
    fireEvent.click(within(usecases).getByRole('button', { name: 'Customer Support' }))
    await waitFor(() => expect(cardNames()).toEqual(['FAQ bot', 'Ticket router']))
    fireEvent.click(within(usecases).getByRole('button', { name: 'Documents' }))
    await waitFor(() => expect(cardNames()).toEqual(['FAQ bot', 'Ticket router', 'Summariser']))
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search templates' }), { target: { value: 'summar' } })
    await waitFor(() => expect(cardNames()).toEqual(['Summariser']))
  })

  it('says when nothing matches and clears every filter at once', async () => {
    await openMarketplace()
    fireEvent.click(within(screen.getByRole('group', { name: 'Use cases' })).getByRole('button', { name: 'Documents' }))
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Template type' })).getByRole('button', { name: 'Agentflow V2' }),
    )
    expect(await screen.findByText('No templates match these filters')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(cardNames()).toHaveLength(3))
    expect(
      within(screen.getByRole('group', { name: 'Use cases' }))
        .getByRole('button', { name: 'Documents' })
        .getAttribute('aria-pressed'),
    ).toBe('false')
  })

  it('offers Retry when the templates cannot load', async () => {
    stubServer()
    renderApp('/marketplaces', { user: freshAdmin() })
    expect(await screen.findByText('Could not load templates', {}, { timeout: 10_000 })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
  })

  it('shows My Templates, opens a tool template in the tools screen, and deletes a template after asking', async () => {
    let mine = [
      { ...template('c1', 'Saved router', 'AgentflowV2', ['Agent']), custom: true, name: 'Saved router', badge: '' },
      {
        ...template('c2', 'Order status tool', 'Tool', []),
        flowData: '{"name":"get_order_status"}',
        custom: true,
        name: 'Order status tool',
        badge: '',
      },
    ]
    const deleted: string[] = []
    stubServer((url, init) => {
      if (url === '/api/v1/marketplaces/templates') return new Response(JSON.stringify(templates))
      if (url === '/api/v1/marketplaces/custom') return new Response(JSON.stringify(mine))
      if (url === '/api/v1/marketplaces/custom/c1' && init?.method === 'DELETE') {
        deleted.push('c1')
        mine = mine.filter((item) => item.id !== 'c1')
        return new Response(JSON.stringify({ id: 'c1' }))
      }
      return undefined
    })
    renderApp('/marketplaces', { user: freshAdmin() })
    fireEvent.click(await screen.findByRole('tab', { name: 'My Templates' }, { timeout: 10_000 }))
    expect((await screen.findByRole('link', { name: 'Saved router' })).getAttribute('href')).toBe('/v2/marketplace/c1')
    expect(screen.getByRole('link', { name: 'Order status tool' }).getAttribute('href')).toBe('/tools?template=c2')
    expect(screen.queryByRole('link', { name: 'FAQ bot' })).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Delete template Saved router' }))
    const dialog = await screen.findByRole('dialog')
    expect(deleted).toEqual([])
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(cardNames()).toEqual(['Order status tool']))
    expect(deleted).toEqual(['c1'])
  })

  it('says how to save a template when the workspace has none', async () => {
    stubServer((url) => (url === '/api/v1/marketplaces/custom' ? new Response('[]') : undefined))
    renderApp('/marketplaces?tab=custom', { user: freshAdmin() })
    expect(await screen.findByText('No saved templates yet', {}, { timeout: 10_000 })).toBeTruthy()
    expect(screen.getByText(/Save a flow or a tool as a template from its menu/)).toBeTruthy()
  })
})
