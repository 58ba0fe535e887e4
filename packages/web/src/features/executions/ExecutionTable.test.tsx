import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fullDate } from '../flows/fromNow'
import ExecutionTable from './ExecutionTable'
import { executionOf, stepOf } from './test/executionFixtures'

const finished = executionOf('e1', [stepOf('startAgentflow_0', 'Start')])
const interrupted = executionOf('e2', [stepOf('startAgentflow_0', 'Start')], {
  state: 'TERMINATED',
  interrupted: true,
  createdDate: '2024-05-01T08:00:00.000Z',
  updatedDate: '2024-05-01T08:00:00.250Z',
  stoppedDate: '2024-05-01T08:00:00.250Z',
})

/** A screen `width` px wide, as far as media queries can tell. */
function screenOf(width: number) {
  vi.stubGlobal('matchMedia', (media: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(media)
    const max = /max-width:\s*([\d.]+)px/.exec(media)
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]))
    return { matches, media, addEventListener: () => undefined, removeEventListener: () => undefined }
  })
}

function renderTable() {
  render(
    <ExecutionTable
      items={[finished, interrupted]}
      flowName={(execution) => execution.agentflow?.name ?? 'Agentflow'}
      selected={new Set()}
      onSelect={vi.fn()}
      onOpen={vi.fn()}
      onResume={vi.fn(async () => undefined)}
      paging={{ total: 2, page: 0, limit: 10, onPage: vi.fn(), onLimit: vi.fn() }}
    />,
  )
  const table = screen.getByRole('table', { name: 'Executions' })
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent)
  return { table, headers, rows: within(table).getAllByRole('row').slice(1) }
}

describe('executions table', () => {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('on a phone, shows each execution as its flow, when it started, how long it took and its state', () => {
    screenOf(390)
    const { headers, rows } = renderTable()
    expect(headers).toEqual(['', 'Execution', 'State'])
    const [first, second] = rows
    expect(within(first!).getByRole('button', { name: /^Support triage, started/ })).toBeTruthy()
    expect(within(first!).getByText('Finished')).toBeTruthy()
    expect(first!.textContent).toContain(fullDate(finished.createdDate))
    expect(first!.textContent).toContain('4.5 s')
    // The session waits for the execution's own page.
    expect(first!.textContent).not.toContain('session-e1')
    expect(second!.textContent).toContain('250 ms')
    expect(within(second!).getByRole('button', { name: /^Resume Support triage/ })).toBeTruthy()
  })

  it('on a laptop, gives the session, the start, the duration and the last update columns of their own', () => {
    screenOf(1440)
    const { headers, rows } = renderTable()
    expect(headers).toEqual(['', 'Flow', 'Session', 'State', 'Started', 'Duration', 'Updated', 'Actions'])
    expect(within(rows[0]!).getByText('session-e1')).toBeTruthy()
    expect(within(rows[0]!).getByText(fullDate(finished.createdDate))).toBeTruthy()
    expect(within(rows[0]!).getByText('4.5 s')).toBeTruthy()
  })
})
