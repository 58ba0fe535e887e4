import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { findHeading, renderApp, resetApp } from '../../test/renderApp'
import { flowOf, flowServer, freshAdmin } from './test/flowServer'

// The whole app renders here, on a machine other test runs share: give it time.
configure({ asyncUtilTimeout: 5000 })

const v2 = flowOf('a1', 'Triage agent', ['startAgentflow', 'conditionAgentflow', 'llmAgentflow'], { type: 'AGENTFLOW' })
const sequential = flowOf('s1', 'Writer crew', ['seqStart', 'seqAgent'], { type: 'MULTIAGENT' })
const chatflow = flowOf('c1', 'Plain chat', ['chatOpenAI'])

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Agentflows' }))
    .getAllByRole('heading')
    .map((heading) => heading.textContent)

describe('agentflows list', { timeout: 15_000 }, () => {
  afterEach(resetApp)

  it('asks for V2 and sequential flows in one call and tells them apart', async () => {
    const server = flowServer([v2, sequential, chatflow])
    renderApp('/agentflows', { user: freshAdmin() })
    const link = await screen.findByRole('link', { name: 'Triage agent' }, { timeout: 10_000 })
    expect(await findHeading('Agentflows')).toBeTruthy()
    expect(link.getAttribute('href')).toBe('/v2/agentcanvas/a1')
    expect(screen.getByRole('link', { name: 'Writer crew' }).getAttribute('href')).toBe('/agentcanvas/s1')
    expect(screen.queryByRole('link', { name: 'Plain chat' })).toBeNull()
    expect(server.calls('GET').map((call) => call.url)).toContain('/api/v1/chatflows?type=AGENTFLOW%2CMULTIAGENT')
    const cardOf = (name: string) => screen.getByRole('link', { name }).closest('[role="listitem"]') as HTMLElement
    expect(within(cardOf('Triage agent')).getByText('V2')).toBeTruthy()
    expect(within(cardOf('Writer crew')).getByText('Sequential')).toBeTruthy()
  })

  it('filters by version', async () => {
    flowServer([v2, sequential])
    renderApp('/agentflows', { user: freshAdmin() })
    await screen.findByRole('link', { name: 'Triage agent' })
    const versions = screen.getByRole('group', { name: 'Flow type' })
    fireEvent.click(within(versions).getByRole('button', { name: 'Sequential' }))
    await waitFor(() => expect(cardNames()).toEqual(['Writer crew']))
    fireEvent.click(within(versions).getByRole('button', { name: 'V2' }))
    await waitFor(() => expect(cardNames()).toEqual(['Triage agent']))
    fireEvent.click(within(versions).getByRole('button', { name: 'All' }))
    await waitFor(() => expect(cardNames()).toHaveLength(2))
  })

  it('lets the user choose which kind of agentflow to create', async () => {
    flowServer([v2])
    renderApp('/agentflows', { user: freshAdmin() })
    await screen.findByRole('link', { name: 'Triage agent' })
    fireEvent.click(screen.getByRole('button', { name: 'Add New' }))
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem')
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['Agentflow V2Branches, loops and agents on one canvas', '/v2/agentcanvas'],
      ['Sequential agents (V1)Agents that hand over in sequence', '/agentcanvas'],
    ])
  })

  it('names agentflows in the delete question', async () => {
    flowServer([sequential])
    renderApp('/agentflows', { user: freshAdmin() })
    await screen.findByRole('link', { name: 'Writer crew' })
    fireEvent.click(screen.getByRole('button', { name: 'Flow actions for Writer crew' }))
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }))
    expect(await screen.findByText('Delete agentflow Writer crew?')).toBeTruthy()
  })

  it('shows its own empty state', async () => {
    flowServer([chatflow])
    renderApp('/agentflows', { user: freshAdmin() })
    expect(await screen.findByText('No agentflows yet')).toBeTruthy()
  })
})
