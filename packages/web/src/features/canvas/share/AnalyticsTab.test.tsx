import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { CredentialDescriptor, Flow } from '@weft/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { resetApp } from '../../../test/renderApp'
import { credentialOf } from '../../credentials/test/credentialServer'
import { json, restServer } from '../../credentials/test/restServer'
import ConfigDialog from './ConfigDialog'
import { flowRecord, renderShare } from './test/renderShare'

configure({ asyncUtilTimeout: 5000 })

const LANGFUSE: CredentialDescriptor = {
  label: 'Langfuse API',
  name: 'langfuseApi',
  inputs: [
    { label: 'Secret Key', name: 'langFuseSecretKey', type: 'password' },
    { label: 'Public Key', name: 'langFusePublicKey', type: 'string' },
  ],
}

/** A workspace with one LangSmith credential and no Langfuse one; flow saves answer the flow as sent. */
function serveAnalytics() {
  let created = 0
  return restServer((method, path, body) => {
    if (path === '/components-credentials') return json([LANGFUSE])
    if (method === 'GET' && path.startsWith('/credentials?credentialName=')) {
      const name = decodeURIComponent(path.split('=')[1] ?? '')
      return json(name === 'langsmithApi' ? [credentialOf('ls1', 'Team LangSmith', 'langsmithApi')] : [])
    }
    if (method === 'POST' && path === '/credentials') {
      created += 1
      const sent = body as { name: string; credentialName: string }
      return json(credentialOf(`new-${created}`, sent.name, sent.credentialName))
    }
    if (method === 'PUT' && path === '/chatflows/f1') return json(flowRecord(body as Partial<Flow>))
    if (path === '/apikey' || path === '/variables') return json([])
    return undefined
  })
}

function open(record: Flow = flowRecord()) {
  const onSaved = vi.fn()
  renderShare(<ConfigDialog record={record} onSaved={onSaved} onClose={() => undefined} />)
  fireEvent.click(screen.getByRole('tab', { name: 'Analytics' }))
  return { onSaved }
}

const section = (name: string) => screen.getByRole('region', { name })
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })))
const savedAnalytic = (server: ReturnType<typeof serveAnalytics>) =>
  JSON.parse((server.calls('PUT')[0]!.body as { analytic: string }).analytic) as Record<string, unknown>

describe('the Analytics tab', { timeout: 30_000 }, () => {
  afterEach(resetApp)

  it('switches LangSmith on with a credential and a project, and saves it as the flow’s analytic', async () => {
    const server = serveAnalytics()
    const { onSaved } = open()
    const langsmith = section('LangSmith')
    fireEvent.click(within(langsmith).getByLabelText('Trace runs to LangSmith'))
    expect(within(langsmith).getByText('Choose a credential, or switch LangSmith off, before saving.')).toBeTruthy()
    const picker = within(langsmith).getByRole('combobox', { name: 'LangSmith credential' })
    await within(langsmith).findByText('Choose a credential')
    fireEvent.mouseDown(picker)
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Team LangSmith' }))
    fireEvent.change(within(langsmith).getByLabelText('Project name'), { target: { value: ' Shop bot ' } })
    expect(within(langsmith).queryByText(/Choose a credential, or switch/)).toBeNull()

    await save()
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    expect(savedAnalytic(server)).toEqual({
      langSmith: { status: true, credentialId: 'ls1', projectName: 'Shop bot' },
    })
  })

  it('offers to create a credential where none of its type exists, and uses the new one', async () => {
    const server = serveAnalytics()
    open()
    const langfuse = section('Langfuse')
    fireEvent.click(within(langfuse).getByLabelText('Trace runs to Langfuse'))
    expect(await within(langfuse).findByText(/No credentials yet — add one in/)).toBeTruthy()
    fireEvent.mouseDown(within(langfuse).getByRole('combobox', { name: 'Langfuse credential' }))
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Create new' }))

    const form = await screen.findByRole('dialog', { name: 'New Langfuse API credential' })
    fireEvent.change(within(form).getByLabelText('Credential name'), { target: { value: 'Our Langfuse' } })
    fireEvent.change(within(form).getByLabelText(/Secret Key/), { target: { value: 'sk-lf-1' } })
    fireEvent.change(within(form).getByLabelText(/Public Key/), { target: { value: 'pk-lf-1' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Langfuse API credential' })).toBeNull())

    await save()
    await waitFor(() => expect(server.calls('PUT')).toHaveLength(1))
    expect(savedAnalytic(server)).toEqual({ langFuse: { status: true, credentialId: 'new-1' } })
  })

  it('keeps what it does not edit, and switches a provider off without losing its credential', async () => {
    const server = serveAnalytics()
    const analytic = JSON.stringify({
      langSmith: { status: true, credentialId: 'ls1', projectName: 'Shop' },
      lunary: { status: false },
    })
    open(flowRecord({ analytic }))
    const langsmith = section('LangSmith')
    expect(within(langsmith).getByLabelText('Project name')).toHaveProperty('value', 'Shop')
    fireEvent.click(within(langsmith).getByLabelText('Trace runs to LangSmith'))
    await save()
    await waitFor(() => expect(server.calls('PUT')).toHaveLength(1))
    expect(savedAnalytic(server)).toEqual({
      langSmith: { status: false, credentialId: 'ls1', projectName: 'Shop' },
      lunary: { status: false },
    })
  })

  it('leaves `analytic` out of the save of a flow that never had it', async () => {
    const server = serveAnalytics()
    open()
    await save()
    await waitFor(() => expect(server.calls('PUT')).toHaveLength(1))
    expect(server.calls('PUT')[0]!.body).not.toHaveProperty('analytic')
  })
})
