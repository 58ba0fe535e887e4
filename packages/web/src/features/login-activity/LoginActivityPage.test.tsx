import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { AuditEntry, LoginActivityEntry } from '@weft/core'
import { findHeading, renderApp, resetApp } from '../../test/renderApp'
import { json, restServer } from '../credentials/test/restServer'
import { freshAdmin } from '../flows/test/flowServer'
import { shortAgent } from './activityParts'

configure({ asyncUtilTimeout: 5000 })

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

const auditor = () => ({
  ...freshAdmin(),
  permissions: ['loginActivity:view', 'logs:view'],
  features: { 'feat:login-activity': true, 'feat:logs': true },
})

const attempt = (i: number, extra: Partial<LoginActivityEntry> = {}): LoginActivityEntry => ({
  id: `la-${i}`,
  userId: 'u-1',
  username: `person${i}@example.com`,
  name: i % 2 ? 'Ada Admin' : null,
  activityCode: 'login',
  message: 'Signed in',
  ip: `203.0.113.${i}`,
  userAgent: CHROME,
  attemptedDateTime: `2026-12-02T09:${String(59 - i).padStart(2, '0')}:00.000Z`,
  ...extra,
})

function activityServer({ fail = false } = {}) {
  const all = Array.from({ length: 60 }, (_, i) =>
    attempt(i, i === 0 ? { activityCode: 'wrong_password', message: 'Wrong password' } : {}),
  )
  return restServer((method, path) => {
    if (method !== 'GET') return undefined
    const [route, rest] = path.split('?')
    const q = new URLSearchParams(rest)
    if (route === '/login-activity') {
      if (fail) return json({ message: 'The database is busy' }, 500)
      const kind = q.get('activityCode')
      const user = q.get('user')
      const rows = all.filter((r) => (!kind || r.activityCode === kind) && (!user || r.username.includes(user)))
      const page = Number(q.get('page'))
      const limit = Number(q.get('limit'))
      return json({ data: rows.slice((page - 1) * limit, page * limit), total: rows.length, page, limit })
    }
    return undefined
  })
}

describe('Login activity screen', { timeout: 20_000 }, () => {
  afterEach(resetApp)

  it('lists attempts with kind chip, address and the agent shortened, full on hover, and pages', async () => {
    const server = activityServer()
    renderApp('/login-activity', { platform: 'enterprise', user: auditor() })
    await findHeading('Login Activity')
    const table = await screen.findByRole('table', { name: 'Login activity' })
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(51)
    expect(within(rows[1]!).getByText('Wrong password', { selector: '.MuiChip-label' })).toBeTruthy()
    expect(within(rows[1]!).getAllByText('203.0.113.0').length).toBeGreaterThan(0)
    expect(within(rows[2]!).getByText('Ada Admin')).toBeTruthy()
    expect(within(rows[2]!).getByLabelText(CHROME).textContent).toBe('Chrome 131 · Linux')
    expect(screen.getByText('1–50 of 60, newest first')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }))
    expect(await screen.findByText('51–60 of 60, newest first')).toBeTruthy()
    expect(server.calls('GET').map((c) => c.path)).toContain('/login-activity?page=2&limit=50')
    const csv = screen.getByRole('link', { name: 'Export CSV' })
    expect(csv.getAttribute('href')).toBe('/api/v1/login-activity?format=csv')
  })

  it('filters by kind and user, with a way back from no match', async () => {
    const server = activityServer()
    renderApp('/login-activity', { platform: 'enterprise', user: auditor() })
    await screen.findByRole('table', { name: 'Login activity' })
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Kind' }))
    fireEvent.click(await screen.findByRole('option', { name: 'Wrong password' }))
    await waitFor(() => expect(screen.getByText('1–1 of 1, newest first')).toBeTruthy())
    expect(server.calls('GET').map((c) => c.path)).toContain(
      '/login-activity?activityCode=wrong_password&page=1&limit=50',
    )
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/v1/login-activity?activityCode=wrong_password&format=csv',
    )
    fireEvent.change(screen.getByRole('searchbox', { name: 'User' }), { target: { value: 'nobody' } })
    expect(await screen.findByText('No sign-ins match')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(await screen.findByText('1–50 of 60, newest first')).toBeTruthy()
  })

  it('marks a backwards date range and does not ask for it', async () => {
    const server = activityServer()
    renderApp('/login-activity', { platform: 'enterprise', user: auditor() })
    await screen.findByRole('table', { name: 'Login activity' })
    const before = server.calls('GET').length
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-12-05' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-12-01' } })
    expect(await screen.findByText('Must not be before From')).toBeTruthy()
    expect(
      server
        .calls('GET')
        .slice(before)
        .some((c) => c.path.includes('endDate=2026-12-01')),
    ).toBe(false)
  })

  it('shows the error with a retry', async () => {
    activityServer({ fail: true })
    renderApp('/login-activity', { platform: 'enterprise', user: auditor() })
    expect(await screen.findByText('Could not load login activity')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
  })

  it('shortens user agents', () => {
    expect(shortAgent(CHROME)).toBe('Chrome 131 · Linux')
    expect(
      shortAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 Version/17.1 Safari/605.1.15'),
    ).toBe('Safari 17 · macOS')
    expect(shortAgent('curl/8.5.0')).toBe('curl/8.5.0')
    expect(shortAgent(null)).toBe('—')
  })
})

const change = (i: number, extra: Partial<AuditEntry> = {}): AuditEntry => ({
  id: `a-${i}`,
  workspaceId: 'w-1',
  workspaceName: 'Default Workspace',
  actorUserId: 'u-1',
  actorApiKeyId: null,
  actorName: 'Ada Admin',
  actorEmail: 'ada@example.com',
  action: 'create',
  objectType: 'flow',
  objectId: `flow-${i}`,
  objectName: `Support bot ${i}`,
  method: 'POST',
  route: '/api/v1/chatflows',
  ip: '198.51.100.4',
  userAgent: CHROME,
  createdDate: '2026-12-02T10:00:00.000Z',
  ...extra,
})

describe('Audit log tab', { timeout: 20_000 }, () => {
  afterEach(resetApp)

  it('lists who changed what, filters by action, and says when nothing is recorded', async () => {
    const server = restServer((method, path) => {
      if (method !== 'GET' || !path.startsWith('/audit-logs')) return undefined
      const q = new URLSearchParams(path.split('?')[1])
      const rows = [
        change(1),
        change(2, { action: 'delete', objectType: 'credential', objectName: 'OpenAI prod' }),
      ].filter((r) => !q.get('action') || r.action === q.get('action'))
      if (q.get('search') === 'none') return json({ data: [], total: 0, page: 1, limit: 50 })
      return json({ data: rows, total: rows.length, page: 1, limit: 50 })
    })
    renderApp('/logs?tab=audit', { platform: 'enterprise', user: auditor() })
    const table = await screen.findByRole('table', { name: 'Audit log' })
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(3)
    expect(within(rows[1]!).getAllByText('Created').length).toBeGreaterThan(0)
    expect(within(rows[1]!).getByText('Flow “Support bot 1”')).toBeTruthy()
    expect(within(rows[2]!).getAllByText('Deleted').length).toBeGreaterThan(0)
    expect(within(rows[2]!).getByText('Credential “OpenAI prod”')).toBeTruthy()
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Action' }))
    fireEvent.click(await screen.findByRole('option', { name: 'Deleted' }))
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Audit log' })).getAllByRole('row')).toHaveLength(2),
    )
    expect(server.calls('GET').map((c) => c.path)).toContain('/audit-logs?action=delete&page=1&limit=50')
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the audit log' }), { target: { value: 'none' } })
    expect(await screen.findByText('No changes match')).toBeTruthy()
  })
})
