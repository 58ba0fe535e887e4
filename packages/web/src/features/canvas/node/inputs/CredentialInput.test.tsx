import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { InputParam } from '@weft/core'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setNavigator } from '../../../../app/navigation'
import NotificationProvider from '../../../../components/notifications/NotificationProvider'
import { useSession } from '../../../../store/session'
import { useSettings } from '../../../../store/settings'
import { admin } from '../../../../test/renderApp'
import { credentialOf, credentialServer } from '../../../credentials/test/credentialServer'
import { json, restServer } from '../../../credentials/test/restServer'
import CredentialInput from './CredentialInput'

configure({ asyncUtilTimeout: 5000 })

const picker = (credentialNames: string[]): InputParam => ({
  label: 'Connect Credential',
  name: 'credential',
  type: 'credential',
  credentialNames,
})

/** A member of an enterprise workspace with these permissions only. */
function signInMember(permissions: string[]) {
  useSettings.setState({ platform: 'enterprise' })
  useSession.getState().login({ ...admin, isOrganizationAdmin: false, permissions })
}

/** The picker of one node, holding its value as the canvas does. */
function renderPicker(param: InputParam) {
  const onChange = vi.fn()
  function Harness() {
    const [value, setValue] = useState<unknown>('')
    return (
      <CredentialInput
        param={param}
        value={value}
        onChange={(next) => {
          onChange(next)
          setValue(next)
        }}
        nodeId="chatOpenAI_0"
        nodeName="chatOpenAI"
        inputs={{}}
      />
    )
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <NotificationProvider>
        <Harness />
      </NotificationProvider>
    </QueryClientProvider>,
  )
  return { onChange }
}

const openMenu = () => fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Connect Credential' }))

describe('credential picker', { timeout: 15_000 }, () => {
  afterEach(() => {
    cleanup()
    useSession.getState().clear()
    useSettings.setState({ platform: 'open source' })
    vi.unstubAllGlobals()
  })

  it('creates a credential of the node’s only type and selects it', async () => {
    useSession.getState().login(admin)
    const server = credentialServer([credentialOf('c1', 'Old key', 'openAIApi')])
    const { onChange } = renderPicker(picker(['openAIApi']))
    await screen.findByText('Choose a credential')
    openMenu()
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Create new' }))

    const form = await screen.findByRole('dialog', { name: 'New OpenAI API credential' })
    expect(within(form).queryByRole('button', { name: 'Back' })).toBeNull()
    fireEvent.change(within(form).getByLabelText('Credential name'), { target: { value: 'Team key' } })
    fireEvent.change(within(form).getByLabelText(/OpenAI Api Key/), { target: { value: 'sk-1' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }))

    await waitFor(() => expect(onChange).toHaveBeenCalledWith('new-1'))
    expect(screen.getByRole('combobox', { name: 'Connect Credential' }).textContent).toBe('Team key')
    expect(server.calls('POST')).toHaveLength(1)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByText('Credential Team key added')).toBeTruthy()
  })

  it('offers only the types the node accepts when it accepts several', async () => {
    useSession.getState().login(admin)
    credentialServer([])
    renderPicker(picker(['openAIApi', 'anthropicApi']))
    expect(await screen.findByText(/No credentials yet — add one in/)).toBeTruthy()
    openMenu()
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Create new' }))
    const chooser = await screen.findByRole('dialog', { name: 'Add Credential' })
    const types = await within(chooser).findByRole('list', { name: 'Credential types' })
    await waitFor(() =>
      expect(
        within(types)
          .getAllByRole('button')
          .map((item) => item.textContent),
      ).toEqual([expect.stringContaining('OpenAI API'), expect.stringContaining('Anthropic API')]),
    )
  })

  it('offers no "Create new" to a user who may not create credentials', async () => {
    signInMember(['chatflows:update'])
    credentialServer([credentialOf('c1', 'Old key', 'openAIApi')])
    renderPicker(picker(['openAIApi']))
    await screen.findByText('Choose a credential')
    openMenu()
    expect(within(screen.getByRole('listbox')).queryByRole('option', { name: 'Create new' })).toBeNull()
  })

  it('stays on the canvas when the user may not list credentials', async () => {
    signInMember(['chatflows:update'])
    const navigate = vi.fn()
    setNavigator(navigate)
    restServer(() => json({ statusCode: 403, error: 'Forbidden', message: 'Forbidden' }, 403))
    renderPicker(picker(['openAIApi']))
    expect(await screen.findByText(/No credentials yet/)).toBeTruthy()
    expect(navigate).not.toHaveBeenCalled()
  })
})
