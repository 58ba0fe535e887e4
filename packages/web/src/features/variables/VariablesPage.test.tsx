import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { NewVariable, Variable } from '@weft/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderApp, resetApp } from '../../test/renderApp'
import { json, restServer } from '../credentials/test/restServer'
import { freshAdmin } from '../flows/test/flowServer'

configure({ asyncUtilTimeout: 5000 })

// The list shows the latest change first, so each fixture gets its own time: stamping them with
// Date.now() put them in either order depending on whether the clock ticked in between.
const variableOf = (id: string, name: string, type: Variable['type'], value = '', hoursAgo = 1): Variable => ({
  id,
  name,
  type,
  value,
  workspaceId: 'w1',
  createdDate: '2024-01-01T00:00:00.000Z',
  updatedDate: new Date(Date.now() - hoursAgo * 3600_000).toISOString(),
})

/** The variables API over an in-memory list; a taken name answers 409 as the server does. */
function variableServer(initial: Variable[]) {
  let variables = [...initial]
  return restServer((method, path, body) => {
    const data = body as NewVariable | undefined
    if (method === 'GET' && path === '/variables') return json(variables)
    if (method === 'POST' && path === '/variables' && data) {
      if (variables.some((variable) => variable.name === data.name))
        return json(
          { statusCode: 409, error: 'Conflict', message: `A variable named ${data.name} already exists` },
          409,
        )
      const variable = variableOf(`v${variables.length + 1}`, data.name, data.type, data.value)
      variables = [...variables, variable]
      return json(variable)
    }
    const id = path.match(/^\/variables\/(.+)$/)?.[1]
    if (method === 'PUT' && data) {
      variables = variables.map((variable) => (variable.id === id ? { ...variable, ...data } : variable))
      return json(variables.find((variable) => variable.id === id))
    }
    if (method === 'DELETE') {
      variables = variables.filter((variable) => variable.id !== id)
      return json({ id })
    }
    return undefined
  })
}

const model = variableOf('v1', 'defaultModel', 'static', 'gpt-4o-mini')
const region = variableOf('v2', 'AWS_REGION', 'runtime', '', 2)

describe('variables screen', { timeout: 20_000 }, () => {
  afterEach(resetApp)

  it('lists static values, runtime ones as read from the server, and how to use each', async () => {
    variableServer([model, region])
    const writeText = vi.fn(async () => undefined)
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    renderApp('/variables', { user: freshAdmin() })
    const table = await screen.findByRole('table', { name: 'Variables' }, { timeout: 10_000 })
    const [, first, second] = within(table).getAllByRole('row')
    expect(within(first!).getByText('gpt-4o-mini')).toBeTruthy()
    expect(within(first!).getByText('Static')).toBeTruthy()
    expect(within(second!).getByText('from the server environment')).toBeTruthy()
    expect(within(second!).getByText('Runtime')).toBeTruthy()
    fireEvent.click(within(second!).getByRole('button', { name: 'Copy $vars.AWS_REGION' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('$vars.AWS_REGION'))
    expect(await screen.findByText('Copied $vars.AWS_REGION')).toBeTruthy()
  })

  it('adds a variable with a checked name and shows a taken name as the server says', async () => {
    const server = variableServer([model])
    renderApp('/variables', { user: freshAdmin() })
    fireEvent.click(await screen.findByRole('button', { name: 'Add Variable' }, { timeout: 10_000 }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Variable' })
    const name = within(dialog).getByLabelText('Name')
    fireEvent.change(name, { target: { value: '2nd model' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }))
    expect(
      await within(dialog).findByText('Use letters, digits and underscores only, starting with a letter or underscore'),
    ).toBeTruthy()
    expect(server.calls('POST')).toEqual([])

    fireEvent.change(name, { target: { value: 'defaultModel' } })
    fireEvent.change(within(dialog).getByLabelText('Value'), { target: { value: 'claude' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }))
    expect(await within(dialog).findByText('A variable named defaultModel already exists')).toBeTruthy()

    fireEvent.change(name, { target: { value: 'apiBase' } })
    expect(within(dialog).getByText('$vars.apiBase')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Runtime' }))
    expect(within(dialog).queryByLabelText('Value')).toBeNull()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }))
    expect(await screen.findByText('Variable apiBase added')).toBeTruthy()
    expect(server.calls('POST').at(-1)).toEqual({
      path: '/variables',
      body: { name: 'apiBase', type: 'runtime', value: '' },
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await screen.findByText('apiBase')).toBeTruthy()
  })

  it('edits a value', async () => {
    const server = variableServer([model])
    renderApp('/variables', { user: freshAdmin() })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit defaultModel' }, { timeout: 10_000 }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit defaultModel' })
    const value = within(dialog).getByLabelText('Value') as HTMLInputElement
    expect(value.value).toBe('gpt-4o-mini')
    fireEvent.change(value, { target: { value: 'gpt-4.1' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('gpt-4.1')).toBeTruthy()
    expect(server.calls('PUT')).toEqual([
      { path: '/variables/v1', body: { name: 'defaultModel', type: 'static', value: 'gpt-4.1' } },
    ])
  })

  it('deletes only after the user confirms', async () => {
    const server = variableServer([model, region])
    renderApp('/variables', { user: freshAdmin() })
    fireEvent.click(await screen.findByRole('button', { name: 'Delete AWS_REGION' }, { timeout: 10_000 }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete variable' })
    expect(dialog.textContent).toContain('Delete variable AWS_REGION?')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(server.calls('DELETE')).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: 'Delete AWS_REGION' }))
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete variable' })).getByRole('button', { name: 'Delete' }),
    )
    expect(await screen.findByText('Variable AWS_REGION deleted')).toBeTruthy()
    expect(server.calls('DELETE').map((call) => call.path)).toEqual(['/variables/v2'])
  })

  it('invites the user to add a first variable, and shows why a list did not load', async () => {
    const server = variableServer([])
    // Only the list's first call fails: the header's own calls (star count) go through as usual.
    const answer = server.fetch.getMockImplementation()!
    let failed = false
    server.fetch.mockImplementation(async (url, init) => {
      if (failed || !String(url).startsWith('/api/v1/variables')) return answer(url, init)
      failed = true
      return json({ message: 'Database is busy' }, 500)
    })
    renderApp('/variables', { user: freshAdmin() })
    expect(await screen.findByText('Could not load variables', {}, { timeout: 10_000 })).toBeTruthy()
    expect(screen.getByText('Database is busy')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('No variables yet')).toBeTruthy()
    expect(screen.getAllByRole('button', { name: 'Add Variable' })).toHaveLength(2)
  })
})
