import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { REDACTED_SECRET } from '@weft/core'
import { afterEach, describe, expect, it } from 'vitest'
import { findHeading, renderApp, resetApp } from '../../test/renderApp'
import { freshAdmin } from '../flows/test/flowServer'
import { credentialOf, credentialServer } from './test/credentialServer'
import { json } from './test/restServer'

// The whole app renders here, on a machine other test runs share: give it time.
configure({ asyncUtilTimeout: 5000 })

const teamKey = credentialOf('c1', 'Team OpenAI key', 'openAIApi')
const intranet = credentialOf('c2', 'Intranet login', 'httpBasicAuth')

const rowNames = () =>
  within(screen.getByRole('table', { name: 'Credentials' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')?.textContent)

describe('credentials screen', { timeout: 20_000 }, () => {
  afterEach(resetApp)

  it('lists credentials with their type and finds them by name or type', async () => {
    credentialServer([teamKey, intranet])
    renderApp('/credentials', { user: freshAdmin() })
    expect(await screen.findByText('Team OpenAI key', {}, { timeout: 10_000 })).toBeTruthy()
    const table = screen.getByRole('table', { name: 'Credentials' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Type', 'Last Updated', 'Actions'])
    expect(await within(table).findByText('OpenAI API')).toBeTruthy()
    expect(within(table).getAllByText('2 days ago')).toHaveLength(2)

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search credentials' }), { target: { value: 'basic auth' } })
    await waitFor(() => expect(rowNames()).toEqual(['Intranet login']))
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search credentials' }), { target: { value: 'nothing' } })
    expect(await screen.findByText('No credentials match')).toBeTruthy()
  })

  it('invites the user to add a first credential', async () => {
    credentialServer([])
    renderApp('/credentials', { user: freshAdmin() })
    expect(await screen.findByText('No credentials yet', {}, { timeout: 10_000 })).toBeTruthy()
    expect(screen.getAllByRole('button', { name: 'Add Credential' })).toHaveLength(2)
  })

  it('adds a credential: choose the type, fill its fields, see it listed', async () => {
    const server = credentialServer([])
    renderApp('/credentials', { user: freshAdmin() })
    fireEvent.click((await screen.findAllByRole('button', { name: 'Add Credential' }, { timeout: 10_000 }))[0]!)
    const chooser = await screen.findByRole('dialog', { name: 'Add Credential' })
    fireEvent.change(within(chooser).getByRole('searchbox', { name: 'Search credential types' }), {
      target: { value: 'anthro' },
    })
    await waitFor(() => expect(within(chooser).queryByText('OpenAI API')).toBeNull())
    fireEvent.click(within(chooser).getByRole('button', { name: /Anthropic API/ }))

    const form = await screen.findByRole('dialog', { name: 'New Anthropic API credential' })
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }))
    expect(await within(form).findByText('Credential name is required')).toBeTruthy()
    expect(within(form).getByText('Anthropic Api Key is required')).toBeTruthy()
    expect(server.calls('POST')).toEqual([])

    fireEvent.change(within(form).getByLabelText('Credential name'), { target: { value: 'Claude for support' } })
    const secret = within(form).getByLabelText(/Anthropic Api Key/)
    expect(secret.getAttribute('type')).toBe('password')
    fireEvent.change(secret, { target: { value: 'sk-ant-123' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Show password' }))
    expect(secret.getAttribute('type')).toBe('text')
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }))

    expect(await screen.findByText('Claude for support')).toBeTruthy()
    expect(server.calls('POST')).toEqual([
      {
        path: '/credentials',
        body: {
          name: 'Claude for support',
          credentialName: 'anthropicApi',
          plainDataObj: { anthropicApiKey: 'sk-ant-123' },
        },
      },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('shows the server’s reason when adding fails', async () => {
    const server = credentialServer([])
    renderApp('/credentials', { user: freshAdmin() })
    fireEvent.click((await screen.findAllByRole('button', { name: 'Add Credential' }, { timeout: 10_000 }))[0]!)
    fireEvent.click(await screen.findByRole('button', { name: /OpenAI API/ }))
    const form = await screen.findByRole('dialog', { name: 'New OpenAI API credential' })
    fireEvent.change(within(form).getByLabelText('Credential name'), { target: { value: 'Key' } })
    fireEvent.change(within(form).getByLabelText(/OpenAI Api Key/), { target: { value: 'sk' } })
    server.fetch.mockResolvedValueOnce(json({ statusCode: 400, message: 'name must be at most 100 characters' }, 400))
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }))
    expect(await within(form).findByText('name must be at most 100 characters')).toBeTruthy()
  })

  it('edits a credential and keeps a secret the user did not retype', async () => {
    const server = credentialServer([intranet])
    server.setSecrets('c2', { basicAuthUsername: 'ada', basicAuthPassword: 'hunter2' })
    renderApp('/credentials', { user: freshAdmin() })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Intranet login' }, { timeout: 10_000 }))
    const form = await screen.findByRole('dialog', { name: 'Edit Intranet login' })
    expect((within(form).getByLabelText(/Basic Auth Username/) as HTMLInputElement).value).toBe('ada')
    const password = within(form).getByLabelText(/Basic Auth Password/) as HTMLInputElement
    expect(password.value).toBe('')
    expect(password.placeholder).toBe('••••••••')
    expect(within(form).getByText(/Leave empty to keep it/)).toBeTruthy()
    expect(form.textContent).not.toContain('hunter2')

    fireEvent.change(within(form).getByLabelText('Credential name'), { target: { value: 'Intranet (ops)' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Intranet (ops)')).toBeTruthy()
    expect(server.calls('PUT')).toEqual([
      {
        path: '/credentials/c2',
        body: {
          name: 'Intranet (ops)',
          credentialName: 'httpBasicAuth',
          plainDataObj: { basicAuthUsername: 'ada', basicAuthPassword: REDACTED_SECRET },
        },
      },
    ])
  })

  it('deletes only after the user confirms, warning about flows', async () => {
    const server = credentialServer([teamKey, intranet])
    renderApp('/credentials', { user: freshAdmin() })
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Team OpenAI key' }, { timeout: 10_000 }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete credential' })
    expect(
      within(dialog).getByText(
        'Delete credential Team OpenAI key? Flows using it will stop working until you choose another.',
      ),
    ).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(server.calls('DELETE')).toEqual([])

    fireEvent.click(screen.getByRole('button', { name: 'Delete Team OpenAI key' }))
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete credential' })).getByRole('button', { name: 'Delete' }),
    )
    expect(await screen.findByText('Credential Team OpenAI key deleted')).toBeTruthy()
    expect(server.calls('DELETE').map((call) => call.path)).toEqual(['/credentials/c1'])
    await waitFor(() => expect(rowNames()).toEqual(['Intranet login']))
  })

  it('hides add, edit and delete from a member who may only view', async () => {
    credentialServer([teamKey])
    renderApp('/credentials', {
      user: { ...freshAdmin(), isOrganizationAdmin: false, permissions: ['credentials:view'] },
      platform: 'enterprise',
    })
    expect(await findHeading('Credentials')).toBeTruthy()
    expect(await screen.findByText('Team OpenAI key')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Add Credential' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Edit Team OpenAI key' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Delete Team OpenAI key' })).toBeNull()
  })
})
