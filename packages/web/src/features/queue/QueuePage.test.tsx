import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { QueueJob, QueueJobState } from '@weft/core'
import { afterEach, describe, expect, it } from 'vitest'
import { findHeading, renderApp, resetApp } from '../../test/renderApp'
import { json, restServer } from '../credentials/test/restServer'
import { freshAdmin } from '../flows/test/flowServer'

configure({ asyncUtilTimeout: 5000 })

const FAILURE = 'The model answered 401: check the OpenAI credential of Support bot'

const job = (id: string, state: QueueJobState, extra: Partial<QueueJob> = {}): QueueJob => ({
  id,
  name: 'prediction',
  state,
  flowId: `flow-${id}`,
  flowName: 'Support bot',
  createdAt: '2026-12-03T09:00:00.000Z',
  processedAt: state === 'waiting' || state === 'delayed' ? null : '2026-12-03T09:00:01.000Z',
  finishedAt: state === 'completed' || state === 'failed' ? '2026-12-03T09:00:02.000Z' : null,
  attempts: state === 'waiting' ? 0 : 1,
  maxAttempts: 1,
  failedReason: state === 'failed' ? FAILURE : null,
  ...extra,
})

/** Queue mode's API over one chatflow queue (2 waiting, 1 completed, 1 failed) and an empty agentflow queue. */
function queueServer({ mode = 'queue' as 'queue' | 'main', fail = false } = {}) {
  const jobs: QueueJob[] = [
    job('waits-1', 'waiting'),
    job('waits-2', 'waiting'),
    job('done-1', 'completed'),
    job('fails-1', 'failed'),
  ]
  const counts = () =>
    Object.fromEntries(
      (['waiting', 'active', 'completed', 'failed', 'delayed'] as const).map((s) => [
        s,
        jobs.filter((j) => j.state === s).length,
      ]),
    )
  const empty = { waiting: 0, active: 0, completed: 0, failed: 0, delayed: 0 }
  return restServer((method, path) => {
    if (path === '/queue') {
      if (fail)
        return json(
          {
            message:
              'Redis is unreachable (REDIS_URL): the queue cannot be read or changed until the server reconnects to it',
          },
          503,
        )
      if (mode === 'main') return json({ mode: 'main', queues: [] })
      return json({
        mode: 'queue',
        queues: [
          { name: 'chatflow-runs', label: 'Chatflow answers', counts: counts() },
          { name: 'agentflow-runs', label: 'Agentflow runs', counts: empty },
        ],
      })
    }
    const list = path.match(/^\/queue\/([^/]+)\/jobs\?(.*)$/)
    if (method === 'GET' && list) {
      const q = new URLSearchParams(list[2])
      const state = q.get('state') as QueueJobState
      const rows = list[1] === 'chatflow-runs' ? jobs.filter((j) => j.state === state) : []
      return json({ queue: list[1], state, jobs: rows, total: rows.length, page: 1, limit: 20 })
    }
    const one = path.match(/^\/queue\/chatflow-runs\/jobs\/([^/]+)(\/retry)?$/)
    const found = one && jobs.find((j) => j.id === one[1])
    if (!one || !found) return undefined
    if (method === 'POST' && one[2]) {
      Object.assign(found, { state: 'waiting', failedReason: null })
      return json(found)
    }
    if (method === 'DELETE') {
      jobs.splice(jobs.indexOf(found), 1)
      return json({ id: found.id })
    }
    return undefined
  })
}

const orgAdmin = () => ({ ...freshAdmin(), features: { 'feat:logs': true, 'feat:queue': true } })

describe('Queue screen', { timeout: 20_000 }, () => {
  afterEach(resetApp)

  it('says queue mode is off, and how to turn it on, when every run happens in the server', async () => {
    queueServer({ mode: 'main' })
    renderApp('/queue', { user: orgAdmin() })
    await findHeading('Queue')
    expect(await screen.findByText('Queue mode is off')).toBeTruthy()
    expect(screen.getByText(/Every run happens in the server process\./).textContent).toContain(
      'MODE=queue and REDIS_URL, and the workers with npm run worker',
    )
  })

  it('shows each queue’s counts by state, and a state’s jobs, each state with its own empty state', async () => {
    const server = queueServer()
    renderApp('/queue', { platform: 'enterprise', user: orgAdmin() })
    await findHeading('Queue')
    const states = await screen.findByRole('group', { name: 'Chatflow answers: jobs by state' })
    expect(within(states).getByRole('button', { name: 'Waiting: 2 jobs' }).getAttribute('aria-pressed')).toBe('true')
    expect(within(states).getByRole('button', { name: 'Failed: 1 job' })).toBeTruthy()
    const waiting = await screen.findByRole('table', { name: 'Waiting jobs' })
    expect(within(waiting).getAllByText('waits-1').length).toBeGreaterThan(0)
    expect(within(waiting).queryByRole('button', { name: 'Retry job waits-1' })).toBeNull()
    expect(within(waiting).getByRole('button', { name: 'Remove job waits-1' })).toBeTruthy()

    fireEvent.click(within(states).getByRole('button', { name: 'Active: 0 jobs' }))
    expect(await screen.findByText('No job is running')).toBeTruthy()
    fireEvent.click(within(states).getByRole('button', { name: 'Delayed: 0 jobs' }))
    expect(await screen.findByText('No delayed jobs')).toBeTruthy()

    fireEvent.click(screen.getByRole('tab', { name: 'Agentflow runs' }))
    const agentStates = await screen.findByRole('group', { name: 'Agentflow runs: jobs by state' })
    expect(within(agentStates).getByRole('button', { name: 'Delayed: 0 jobs' }).getAttribute('aria-pressed')).toBe(
      'true',
    )
    expect(server.calls('GET').map((c) => c.path)).toContain('/queue/agentflow-runs/jobs?state=delayed&page=1&limit=20')
  })

  it('shows a failed job’s error in words and retries it back to waiting', async () => {
    const server = queueServer()
    renderApp('/queue?queue=chatflow-runs&state=failed', { platform: 'enterprise', user: orgAdmin() })
    const failed = await screen.findByRole('table', { name: 'Failed jobs' })
    expect(within(failed).getByRole('note', { name: 'Error of job fails-1' }).textContent).toBe(FAILURE)
    expect(within(failed).getByText('Failed', { selector: '.MuiChip-label' })).toBeTruthy()
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry job fails-1' }))
    expect(await screen.findByText('Job fails-1 is waiting to run again')).toBeTruthy()
    expect(server.calls('POST').map((c) => c.path)).toEqual(['/queue/chatflow-runs/jobs/fails-1/retry'])
    expect(await screen.findByText('No failed jobs')).toBeTruthy()
    expect(await screen.findByRole('button', { name: 'Waiting: 3 jobs' })).toBeTruthy()
  })

  it('asks before removing a job, and removes it only when confirmed', async () => {
    const server = queueServer()
    renderApp('/queue?state=completed', { platform: 'enterprise', user: orgAdmin() })
    const completed = await screen.findByRole('table', { name: 'Completed jobs' })
    fireEvent.click(within(completed).getByRole('button', { name: 'Remove job done-1' }))
    const ask = await screen.findByRole('dialog', { name: 'Remove job' })
    expect(ask.textContent).toContain('Remove job done-1 of Support bot from the queue?')
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove job' })).toBeNull())
    expect(server.calls('DELETE')).toEqual([])

    // The page is inert until the dialog has gone.
    fireEvent.click(await within(completed).findByRole('button', { name: 'Remove job done-1' }))
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Remove job' })).getByRole('button', { name: 'Remove' }),
    )
    expect(await screen.findByText('Job done-1 removed')).toBeTruthy()
    expect(server.calls('DELETE').map((c) => c.path)).toEqual(['/queue/chatflow-runs/jobs/done-1'])
    expect(await screen.findByText('No completed jobs')).toBeTruthy()
  })

  it('shows why the queue cannot be read, with a retry', async () => {
    queueServer({ fail: true })
    renderApp('/queue', { platform: 'enterprise', user: orgAdmin() })
    expect(await screen.findByText('Could not load the queue')).toBeTruthy()
    expect(screen.getByText(/^Redis is unreachable \(REDIS_URL\)/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
  })

  it('is in the menu for organization admins, not for a member', async () => {
    queueServer()
    renderApp('/queue', { platform: 'enterprise', user: orgAdmin() })
    const menu = await screen.findByRole('navigation', { name: 'Main menu' })
    expect(within(menu).getByRole('link', { name: 'Queue' }).getAttribute('href')).toBe('/queue')
    resetApp()

    queueServer()
    const member = { ...freshAdmin(), isOrganizationAdmin: false, role: 'member', permissions: ['chatflows:view'] }
    renderApp('/chatflows', { platform: 'enterprise', user: { ...member, features: { 'feat:logs': true } } })
    const memberMenu = await screen.findByRole('navigation', { name: 'Main menu' })
    expect(within(memberMenu).queryByRole('link', { name: 'Queue' })).toBeNull()
  })
})
