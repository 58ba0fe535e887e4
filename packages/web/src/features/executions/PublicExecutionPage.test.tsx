import { configure, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp, resetApp } from '../../test/renderApp'
import { json, restServer } from '../credentials/test/restServer'
import { executionOf, triageSteps } from './test/executionFixtures'

configure({ asyncUtilTimeout: 5000 })

const shared = executionOf('e1', triageSteps, { isPublic: true })

describe('public execution page', { timeout: 20_000 }, () => {
  afterEach(resetApp)

  it('shows a shared execution to anyone, read-only', async () => {
    restServer((method, path) => (method === 'GET' && path === '/public-executions/e1' ? json(shared) : undefined))
    renderApp('/execution/e1')
    expect(await screen.findByRole('heading', { level: 1, name: 'Support triage' }, { timeout: 10_000 })).toBeTruthy()
    const tree = screen.getByRole('tree', { name: 'Steps' })
    expect(within(tree).getAllByRole('treeitem')).toHaveLength(8)
    expect(screen.getByRole('heading', { level: 3, name: 'Summary' })).toBeTruthy()
    expect(screen.queryByRole('switch', { name: 'Share publicly' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull()
  })

  it('says so when the execution is not shared or does not exist', async () => {
    const server = restServer((method, path) =>
      path === '/public-executions/e9' ? json({ statusCode: 404, message: 'Execution not found' }, 404) : undefined,
    )
    renderApp('/execution/e9')
    expect(
      await screen.findByText('This execution is not shared or does not exist', {}, { timeout: 10_000 }),
    ).toBeTruthy()
    // A 404 is an answer, not a failure to retry.
    expect(server.calls('GET').filter((call) => call.path === '/public-executions/e9')).toHaveLength(1)
  })
})
