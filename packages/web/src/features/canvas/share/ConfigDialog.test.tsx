import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Flow } from '@weft/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { resetApp } from '../../../test/renderApp'
import ConfigDialog from './ConfigDialog'
import { overrideFlow } from './test/overrideFlow'
import { flowRecord, renderShare, serveShare } from './test/renderShare'

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status })

function open(record: Flow = flowRecord()) {
  const onSaved = vi.fn()
  renderShare(<ConfigDialog record={record} onSaved={onSaved} onClose={() => undefined} />)
  return { dialog: screen.getByRole('dialog', { name: 'Configure Support bot' }), onSaved }
}

const tab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }))
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })))

// MUI dialogs with tabs and selects take seconds to render under jsdom on a busy machine.
describe('flow configuration dialog', { timeout: 30_000 }, () => {
  afterEach(resetApp)

  it('saves the chatbot, security, API key and leads settings as the flow’s JSON fields', async () => {
    const sent = serveShare()
    const { onSaved } = open()

    type('Title', 'Support')
    type('Welcome message', 'Ask me anything')
    fireEvent.click(screen.getByText('Add starter prompt'))
    type('Starter prompt 1', 'What are your hours?')
    expect(within(screen.getByRole('region', { name: 'Chatbot preview' })).getByText('Ask me anything')).toBeTruthy()

    tab('Security')
    fireEvent.click(screen.getByLabelText('Make public'))
    fireEvent.click(screen.getByText('Add origin'))
    type('Origin 1', 'https://shop.example.com')
    fireEvent.click(screen.getByLabelText('Rate limit'))
    type('Max requests', '20')
    type('Window (seconds)', '60')

    tab('API key')
    const picker = screen.getByRole('combobox', { name: 'API key' })
    await waitFor(() => expect(picker.getAttribute('aria-disabled')).toBeNull())
    fireEvent.mouseDown(picker)
    fireEvent.click(await screen.findByRole('option', { name: /Staging/ }))

    tab('Leads')
    fireEvent.click(screen.getByLabelText('Ask for contact details'))
    fireEvent.click(screen.getByLabelText('Email'))

    await save()
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    const put = sent.find((request) => request.method === 'PUT')!
    expect(put.url).toBe('/api/v1/chatflows/f1')
    expect(put.body.isPublic).toBe(true)
    expect(put.body.apikeyid).toBe('k2')
    expect(JSON.parse(put.body.chatbotConfig as string)).toMatchObject({
      title: 'Support',
      welcomeMessage: 'Ask me anything',
      starterPrompts: { 0: { prompt: 'What are your hours?' } },
      allowedOrigins: ['https://shop.example.com'],
      leads: { status: true, email: true },
    })
    expect(JSON.parse(put.body.apiConfig as string)).toEqual({
      rateLimit: {
        status: true,
        limitMax: 20,
        limitDuration: 60,
        limitMsg: 'You have reached the quota. Please try again later.',
      },
    })
    expect(onSaved.mock.calls[0]![0]).toMatchObject({ id: 'f1', isPublic: true })
  })

  it('refuses an address that is not an origin and a limit without numbers, on the Security tab', async () => {
    const sent = serveShare()
    open()
    tab('Security')
    fireEvent.click(screen.getByText('Add origin'))
    type('Origin 1', 'example.com/shop')
    fireEvent.click(screen.getByLabelText('Rate limit'))
    tab('Chatbot')

    await save()
    expect(screen.getByRole('tab', { name: 'Security', selected: true })).toBeTruthy()
    expect(screen.getByText('Enter an origin like https://example.com, without a path')).toBeTruthy()
    expect(screen.getByText('Enter a whole number of requests, 1 or more')).toBeTruthy()
    expect(screen.getByText('Enter a whole number of seconds, 1 or more')).toBeTruthy()
    expect(sent).toEqual([])

    type('Origin 1', 'https://example.com')
    expect(screen.queryByText('Enter an origin like https://example.com, without a path')).toBeNull()
  })

  it('shows the server’s refusal in the dialog and stays open', async () => {
    serveShare(() => json({ statusCode: 400, error: 'Bad Request', message: 'apikeyid: no such API key' }, 400))
    const { onSaved } = open()
    await save()
    expect(await screen.findByText('apikeyid: no such API key')).toBeTruthy()
    expect(onSaved).not.toHaveBeenCalled()
    expect(screen.getByRole('dialog', { name: 'Configure Support bot' })).toBeTruthy()
  })

  it('shows the public link of the flow', () => {
    serveShare()
    open(flowRecord({ isPublic: true }))
    tab('Security')
    expect((screen.getByLabelText('Public link') as HTMLInputElement).value).toBe(
      `${window.location.origin}/chatbot/f1`,
    )
  })

  it('lets the owner allow chosen overrides, with endpoints of a node that uses a credential locked', async () => {
    const sent = serveShare()
    open(flowRecord({ flowData: JSON.stringify(overrideFlow('cred-1')) }))
    tab('Security')
    expect(screen.queryByRole('group', { name: 'ChatOpenAI' })).toBeNull()
    fireEvent.click(screen.getByLabelText('Allow overrides'))

    const chat = within(screen.getByRole('group', { name: 'ChatOpenAI' }))
    const basePath = chat.getByRole('checkbox', { name: /Base Path/ }) as HTMLInputElement
    expect(basePath.disabled).toBe(true)
    expect(chat.getByText(/Locked: uses a credential/)).toBeTruthy()
    fireEvent.click(chat.getByRole('checkbox', { name: /Temperature/ }))
    const variables = within(screen.getByRole('group', { name: 'Variables' }))
    fireEvent.click(await variables.findByRole('checkbox', { name: 'city' }))

    await save()
    const put = sent.find((request) => request.method === 'PUT')!
    expect(JSON.parse(put.body.apiConfig as string).overrideConfig).toEqual({
      status: true,
      nodes: { ChatOpenAI: [{ label: 'Temperature', name: 'temperature', type: 'number', enabled: true }] },
      variables: [{ id: 'v1', name: 'city', type: 'static', enabled: true }],
    })
  })

  it('says so when no node of the flow has parameters to override', () => {
    serveShare()
    open(flowRecord({ flowData: JSON.stringify({ nodes: [], edges: [] }) }))
    tab('Security')
    fireEvent.click(screen.getByLabelText('Allow overrides'))
    expect(screen.getByText('No node of this flow has parameters to override.')).toBeTruthy()
  })
})
