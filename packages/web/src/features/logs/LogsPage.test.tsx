import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { LogEntry } from '../../api/logs'
import { findHeading, renderApp, resetApp } from '../../test/renderApp'
import { json, restServer } from '../credentials/test/restServer'
import { freshAdmin } from '../flows/test/flowServer'
import { requestText } from './ServerLogsPanel'

configure({ asyncUtilTimeout: 5000 })

const enterpriseAdmin = () => ({ ...freshAdmin(), permissions: ['logs:view'], features: { 'feat:logs': true } })

const entry = (i: number, extra: Partial<LogEntry> = {}): LogEntry => ({
  time: `2026-12-02T09:${String(i).padStart(2, '0')}:00.000Z`,
  level: 'info',
  message: `incoming request ${i}`,
  request: { method: 'GET', url: `/api/v1/chatflows/${i}` },
  ...extra,
})

/** The logs API over two days: 2 Dec has 60 entries (one an error), 1 Dec none. */
function logServer({ filesFail = false } = {}) {
  const dec2 = Array.from({ length: 60 }, (_, i) =>
    entry(
      59 - i,
      i === 0 ? { level: 'error', message: 'Unexpected error', error: 'TypeError: boom', request: undefined } : {},
    ),
  )
  return restServer((method, path) => {
    if (method !== 'GET') return undefined
    if (path === '/logs')
      return filesFail
        ? json({ message: 'Disk is busy' }, 500)
        : json({
            files: [
              { date: '2026-12-02', size: 2048 },
              { date: '2026-12-01', size: 0 },
            ],
            retentionDays: 14,
          })
    const match = path.match(/^\/logs\/([^?]+)\?(.*)$/)
    if (!match) return undefined
    const query = new URLSearchParams(match[2])
    const page = Number(query.get('page'))
    const level = query.get('level')
    const search = query.get('search')?.toLowerCase()
    const all = (match[1] === '2026-12-02' ? dec2 : []).filter(
      (e) => (!level || e.level === level) && (!search || e.message.toLowerCase().includes(search)),
    )
    return json({
      date: match[1],
      entries: all.slice((page - 1) * 50, page * 50),
      total: all.length,
      page,
      pageSize: 50,
    })
  })
}

describe('Logs screen', { timeout: 20_000 }, () => {
  afterEach(resetApp)

  it('shows the Server logs and Audit log tabs, the newest day first, entries with level chip and request', async () => {
    logServer()
    renderApp('/logs', { platform: 'enterprise', user: enterpriseAdmin() })
    await findHeading('Logs')
    expect(screen.getByRole('tab', { name: 'Server logs' }).getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('tab', { name: 'Audit log' })).toBeTruthy()
    const table = await screen.findByRole('table', { name: 'Log entries' })
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(51)
    expect(within(rows[1]!).getAllByText('ERROR').length).toBeGreaterThan(0)
    expect(within(rows[1]!).getByText('TypeError: boom')).toBeTruthy()
    expect(within(rows[2]!).getByText('incoming request 58')).toBeTruthy()
    expect(within(rows[2]!).getAllByText('GET /api/v1/chatflows/58').length).toBeGreaterThan(0)
    expect(screen.getByText('1–50 of 60 entries, newest first')).toBeTruthy()
  })

  it('pages, filters by level and search, and says when a day has no entries', async () => {
    const server = logServer()
    renderApp('/logs', { platform: 'enterprise', user: enterpriseAdmin() })
    await screen.findByRole('table', { name: 'Log entries' })
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }))
    expect(await screen.findByText('51–60 of 60 entries, newest first')).toBeTruthy()
    expect(server.calls('GET').map((call) => call.path)).toContain('/logs/2026-12-02?page=2')

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Level' }))
    fireEvent.click(await screen.findByRole('option', { name: 'Error' }))
    await waitFor(() => expect(screen.getByText('1–1 of 1 entries, newest first')).toBeTruthy())
    expect(server.calls('GET').map((call) => call.path)).toContain('/logs/2026-12-02?page=1&level=error')

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search log entries' }), { target: { value: 'nothing' } })
    expect(await screen.findByText('No log entries match')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(await screen.findByText('1–50 of 60 entries, newest first')).toBeTruthy()

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Day' }))
    fireEvent.click(await screen.findByRole('option', { name: /Tue 1 Dec 2026/ }))
    expect(await screen.findByText('No log entries for this day')).toBeTruthy()
  })

  it('shows the error with a retry when the files cannot be listed', async () => {
    logServer({ filesFail: true })
    renderApp('/logs', { platform: 'enterprise', user: enterpriseAdmin() })
    expect(await screen.findByText('Could not load log files')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
  })

  it('writes a request as method, address, status and duration', () => {
    expect(requestText({ method: 'POST', url: '/api/v1/x', statusCode: 201, durationMs: 4.6 })).toBe(
      'POST /api/v1/x → 201 · 4.6 ms',
    )
    expect(requestText({ method: 'GET', url: '/a' })).toBe('GET /a')
    expect(requestText(undefined)).toBeUndefined()
  })
})
