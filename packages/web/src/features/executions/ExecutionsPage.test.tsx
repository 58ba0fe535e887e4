import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderApp, resetApp } from '../../test/renderApp'
import { freshAdmin } from '../flows/test/flowServer'
import { executionOf, stepOf, triageSteps } from './test/executionFixtures'
import { executionServer } from './test/executionServer'

configure({ asyncUtilTimeout: 5000 })

const finished = executionOf('e1', triageSteps, { state: 'ERROR', error: 'Summary failed: rate limit' })
const research = executionOf('e2', [stepOf('startAgentflow_0', 'Start')], {
  agentflowId: 'f2',
  agentflow: { id: 'f2', name: 'Research agent' },
  createdDate: '2024-05-01T08:00:00.000Z',
})
// As the server leaves a run it stopped in the middle of: terminated, and resumable.
const interrupted = executionOf('e3', [stepOf('startAgentflow_0', 'Start')], {
  state: 'TERMINATED',
  interrupted: true,
  createdDate: '2024-04-30T08:00:00.000Z',
})

const findTable = () => screen.findByRole('table', { name: 'Executions' }, { timeout: 10_000 })
const rowOf = (table: HTMLElement, name: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => within(row).queryByText(name) !== null)!

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }))
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }))
}

describe('executions screen', { timeout: 30_000 }, () => {
  afterEach(resetApp)

  it('lists executions with their flow, state and duration, and sends the chosen filters', async () => {
    const server = executionServer([finished, research, interrupted])
    renderApp('/executions', { user: freshAdmin() })
    const table = await findTable()
    expect(within(table).getAllByRole('row')).toHaveLength(4)
    const first = rowOf(table, 'session-e1')
    expect(within(first).getByText('Support triage')).toBeTruthy()
    expect(within(first).getByText('Error')).toBeTruthy()
    expect(within(first).getByText('4.5 s')).toBeTruthy()
    expect(server.listQueries()[0]).toEqual({ page: '1', limit: '10' })

    await choose('Flow', 'Research agent')
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2))
    expect(server.listQueries().at(-1)).toEqual({ agentflowId: 'f2', page: '1', limit: '10' })

    await choose('State', 'Finished')
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2024-05-01' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2024-05-02' } })
    fireEvent.change(screen.getByLabelText('Session ID'), { target: { value: 'session-e2' } })
    await waitFor(() =>
      expect(server.listQueries().at(-1)).toEqual({
        agentflowId: 'f2',
        state: 'FINISHED',
        sessionId: 'session-e2',
        startDate: new Date(2024, 4, 1).toISOString(),
        endDate: new Date(2024, 4, 2, 23, 59, 59, 999).toISOString(),
        page: '1',
        limit: '10',
      }),
    )

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(server.listQueries().at(-1)).toEqual({ page: '1', limit: '10' }))
    expect((screen.getByLabelText('Session ID') as HTMLInputElement).value).toBe('')
  })

  it('deletes the ticked executions only after the user confirms', async () => {
    const server = executionServer([finished, research, interrupted])
    renderApp('/executions', { user: freshAdmin() })
    const table = await findTable()
    fireEvent.click(within(rowOf(table, 'session-e1')).getByRole('checkbox'))
    fireEvent.click(within(rowOf(table, 'session-e2')).getByRole('checkbox'))
    const bar = screen.getByRole('region', { name: 'Selected executions' })
    expect(within(bar).getByText('2 selected')).toBeTruthy()

    fireEvent.click(within(bar).getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete executions' })
    expect(dialog.textContent).toContain('Delete 2 executions?')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(server.calls('DELETE')).toEqual([])

    fireEvent.click(within(bar).getByRole('button', { name: 'Delete' }))
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete executions' })).getByRole('button', { name: 'Delete' }),
    )
    expect(await screen.findByText('2 executions deleted')).toBeTruthy()
    expect(server.calls('DELETE')).toEqual([{ path: '/executions', body: { executionIds: ['e1', 'e2'] } }])
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2))
    expect(screen.queryByRole('region', { name: 'Selected executions' })).toBeNull()
  })

  it('resumes an interrupted execution', async () => {
    const server = executionServer([finished, interrupted])
    renderApp('/executions', { user: freshAdmin() })
    const table = await findTable()
    expect(within(rowOf(table, 'session-e1')).queryByRole('button', { name: /^Resume/ })).toBeNull()
    fireEvent.click(within(rowOf(table, 'session-e3')).getByRole('button', { name: /^Resume/ }))
    expect(await screen.findByText('Execution resumed')).toBeTruthy()
    expect(server.calls('POST').map((call) => call.path)).toEqual(['/executions/e3/resume'])
    await waitFor(() => expect(within(rowOf(table, 'session-e3')).getByText('Finished')).toBeTruthy())
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('opens an execution as a tree of steps, and shows a chosen step’s input, output, tools and tokens', async () => {
    executionServer([finished])
    renderApp('/executions', { user: freshAdmin() })
    const table = await findTable()
    fireEvent.click(within(table).getByRole('button', { name: /^Support triage, started/ }))
    const drawer = await screen.findByRole('dialog', { name: 'Support triage' })
    expect(await within(drawer).findByText('Summary failed: rate limit')).toBeTruthy()

    const tree = within(drawer).getByRole('tree', { name: 'Steps' })
    const items = within(tree).getAllByRole('treeitem')
    expect(items.map((item) => [item.getAttribute('aria-label'), item.getAttribute('aria-level')])).toEqual([
      ['Start, Finished', '1'],
      ['Math agent, Finished, 1.3 s', '1'],
      ['Each city, Finished', '1'],
      ['Item 1', '2'],
      ['Describe city, Finished', '3'],
      ['Item 2', '2'],
      ['Describe city, Finished', '3'],
      ['Summary, Error', '1'],
    ])
    // The failed step shows first, its error in red.
    expect(items.at(-1)!.getAttribute('aria-selected')).toBe('true')
    expect(within(drawer).getByRole('heading', { level: 3, name: 'Summary' })).toBeTruthy()
    // The run's error above all, the step's own error beside the step.
    expect(
      within(drawer)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual(['Summary failed: rate limit', 'Rate limit reached for gpt-4o-mini'])

    fireEvent.click(items[1]!)
    expect(within(drawer).getByRole('heading', { level: 3, name: 'Math agent' })).toBeTruthy()
    const input = within(drawer).getByRole('region', { name: 'Input' })
    expect(within(input).getByText('gpt-4o-mini')).toBeTruthy()
    expect(
      within(input)
        .getByRole('button', { name: /messages/ })
        .getAttribute('aria-expanded'),
    ).toBe('true')
    const output = within(drawer).getByRole('region', { name: 'Output' })
    expect(within(output).getByText('4', { selector: 'code' })).toBeTruthy()
    const stats = within(drawer).getByRole('group', { name: 'Time and tokens' })
    expect(stats.textContent).toBe('Time1.3 sInput tokens12Output tokens30Total tokens42')

    fireEvent.click(within(output).getByRole('button', { name: 'Tool call: calculator' }))
    const toolOutput = await within(output).findByRole('group', { name: 'calculator output' })
    expect(within(toolOutput).getByText('result')).toBeTruthy()

    // The keyboard walks the tree: down to the next step, Enter shows it.
    fireEvent.keyDown(items[1]!, { key: 'ArrowDown' })
    fireEvent.keyDown(items[2]!, { key: 'ArrowLeft' })
    expect(within(tree).getAllByRole('treeitem')).toHaveLength(4)
    fireEvent.keyDown(items[2]!, { key: 'Enter' })
    expect(within(drawer).getByRole('heading', { level: 3, name: 'Each city' })).toBeTruthy()

    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('shares an execution and gives its public link to copy', async () => {
    const server = executionServer([finished])
    const writeText = vi.fn(async () => undefined)
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    renderApp('/executions', { user: freshAdmin() })
    fireEvent.click(within(await findTable()).getByRole('button', { name: /^Support triage, started/ }))
    const drawer = await screen.findByRole('dialog', { name: 'Support triage' })
    const share = await within(drawer).findByRole('switch', { name: 'Share publicly' })
    expect(within(drawer).queryByLabelText('Public link')).toBeNull()

    fireEvent.click(share)
    const link = (await within(drawer).findByLabelText('Public link')) as HTMLInputElement
    expect(server.calls('PUT')).toEqual([{ path: '/executions/e1', body: { isPublic: true } }])
    expect(link.value).toBe(`${window.location.origin}/execution/e1`)
    fireEvent.click(within(drawer).getByRole('button', { name: 'Copy public link' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/execution/e1`))

    fireEvent.click(share)
    await waitFor(() => expect(within(drawer).queryByLabelText('Public link')).toBeNull())
    expect(server.calls('PUT').at(-1)).toEqual({ path: '/executions/e1', body: { isPublic: false } })
  })

  it('invites the user to run an agentflow when there are no executions', async () => {
    executionServer([])
    renderApp('/executions', { user: freshAdmin() })
    expect(await screen.findByText('No executions yet', {}, { timeout: 10_000 })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Open Agentflows' }).getAttribute('href')).toBe('/agentflows')
    expect(screen.queryByRole('combobox', { name: 'Flow' })).toBeNull()
  })
})
