import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { resetApp, stubServer } from '../../test/renderApp'
import LeadsDialog from './LeadsDialog'
import { captureDownloads, historyServer, renderDialog, storedLeads } from './testing/historyServer'

const flow = { id: 'f1', name: 'Support bot' }

async function openDialog() {
  renderDialog(<LeadsDialog flow={flow} onClose={() => {}} />)
  return within(await screen.findByRole('dialog', { name: 'Leads of Support bot' }))
}

describe('View Leads', { timeout: 20_000 }, () => {
  afterEach(() => {
    resetApp()
    vi.restoreAllMocks()
  })

  it('lists the leads with name, email, phone and date', async () => {
    historyServer()
    const dialog = await openDialog()
    const table = await dialog.findByRole('table', { name: 'Leads' })
    const cells = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      )
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Email Address', 'Phone', 'Created Date'])
    expect(cells[1]!.slice(0, 3)).toEqual(['Hopper, Grace', 'grace@example.com', '+1 555 0100'])
    expect(cells[1]![3]).toMatch(/2026/)
  })

  it('exports them as CSV that spreadsheets open safely', async () => {
    historyServer({
      leads: [
        ...storedLeads(),
        { ...storedLeads()[0]!, id: 'l2', name: '=HYPERLINK("http://evil.example")', phone: null },
      ],
    })
    const files = captureDownloads()
    const dialog = await openDialog()
    await dialog.findByRole('table', { name: 'Leads' })
    fireEvent.click(dialog.getByRole('button', { name: 'Export CSV' }))

    expect(files.map((f) => [f.name, f.type])).toEqual([['f1-Leads.csv', 'text/csv']])
    expect((await files[0]!.text()).split('\r\n')).toEqual([
      'Name,Email Address,Phone,Created Date',
      '"Hopper, Grace",grace@example.com,\'+1 555 0100,2026-03-01T08:59:00.000Z',
      '"\'=HYPERLINK(""http://evil.example"")",grace@example.com,,2026-03-01T08:59:00.000Z',
      '',
    ])
  })

  it('says there are no leads yet, with nothing to export', async () => {
    historyServer({ leads: [] })
    const dialog = await openDialog()
    expect(await dialog.findByText('No leads yet')).toBeTruthy()
    expect((dialog.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('shows why the leads could not load and tries again on Retry', async () => {
    let failing = true
    stubServer((url) => {
      if (url !== '/api/v1/leads/f1') return undefined
      if (!failing) return new Response(JSON.stringify(storedLeads()), { status: 200 })
      failing = false
      return new Response(JSON.stringify({ message: 'The database is not reachable' }), { status: 500 })
    })
    const dialog = await openDialog()
    expect(await dialog.findByText('The leads could not be loaded: The database is not reachable')).toBeTruthy()
    fireEvent.click(dialog.getByRole('button', { name: 'Retry' }))
    expect(await dialog.findByText('Hopper, Grace')).toBeTruthy()
  })
})
