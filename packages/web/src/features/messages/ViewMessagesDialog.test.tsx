import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSettings } from '../../store/settings'
import { admin, resetApp } from '../../test/renderApp'
import { captureDownloads, historyServer, renderDialog } from './testing/historyServer'
import ViewMessagesDialog from './ViewMessagesDialog'

const flow = { id: 'f1', name: 'Support bot' }

async function openDialog(onClose = () => {}) {
  const view = renderDialog(<ViewMessagesDialog flow={flow} onClose={onClose} />)
  const dialog = await screen.findByRole('dialog', { name: 'Messages of Support bot' })
  return { view, dialog: within(dialog) }
}

const conversationTitles = () =>
  within(screen.getByRole('list', { name: 'Conversations' }))
    .queryAllByRole('button')
    .map((item) => item.textContent)

const conversation = () => within(screen.getByRole('region', { name: 'Conversation' }))

// A dialog of MUI parts renders slowly in jsdom on a busy machine.
describe('View Messages', { timeout: 20_000 }, () => {
  afterEach(() => {
    resetApp()
    vi.restoreAllMocks()
  })

  it('lists conversations newest first and shows the newest like the chat, with tools, feedback and status', async () => {
    historyServer()
    await openDialog()
    await screen.findByText('It is 42.')
    const titles = conversationTitles()
    expect(titles[0]).toMatch(/^What is 6 \* 7\?UI4 messages · /)
    expect(titles[0]).toContain('canvas-chat')
    expect(titles[1]).toMatch(/^How do refunds work\?Embed2 messages · /)
    expect(screen.getByLabelText('Counts').textContent).toBe('6 messages · 2 feedback · 50% positive')

    const shown = conversation()
    expect(shown.getByRole('button', { name: 'Tool call: calculator' })).toBeTruthy()
    expect(shown.getByLabelText('Feedback: positive')).toBeTruthy()
    expect(shown.getByText('Interrupted')).toBeTruthy()
    expect(shown.getByText(/This answer was interrupted/)).toBeTruthy()
  })

  it('shows the conversation picked, with its source documents and the feedback comment on its answer', async () => {
    historyServer()
    await openDialog()
    await screen.findByText('It is 42.')
    fireEvent.click(screen.getByRole('button', { name: /How do refunds work\?/ }))

    const shown = conversation()
    expect(await shown.findByText('Within 30 days.')).toBeTruthy()
    expect(shown.getByRole('button', { name: 'Source document: handbook.txt' })).toBeTruthy()
    expect(shown.getByLabelText('Feedback: negative')).toBeTruthy()
    expect(shown.getByText('“Too short”')).toBeTruthy()
    expect(shown.getByText('grace@example.com')).toBeTruthy()
    expect(shown.queryByText('It is 42.')).toBeNull()
  })

  it('filters by source, date range and feedback, and asks the server for exactly that', async () => {
    const requests = historyServer()
    await openDialog()
    await screen.findByText('It is 42.')
    const lastListing = () => requests.filter((r) => r.url.pathname === '/api/v1/chatmessage/f1').at(-1)!.url

    const source = within(screen.getByRole('group', { name: 'Source' }))
    expect(source.getAllByRole('button').map((b) => b.textContent)).toEqual(['All', 'UI', 'API', 'Embed'])
    fireEvent.click(source.getByRole('button', { name: 'API' }))
    expect(await screen.findByText('No messages match these filters')).toBeTruthy()
    expect(lastListing().searchParams.get('source')).toBe('api')
    fireEvent.click(source.getByRole('button', { name: 'Embed' }))
    await waitFor(() => expect(conversationTitles()).toHaveLength(1))
    expect(conversationTitles()[0]).toMatch(/^How do refunds work\?Embed2 messages/)
    expect(lastListing().searchParams.get('source')).toBe('embed')
    expect(screen.getByLabelText('Counts').textContent).toBe('2 messages · 1 feedback · 0% positive')

    fireEvent.click(source.getByRole('button', { name: 'All' }))
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-02' } })
    await waitFor(() => expect(conversationTitles()).toHaveLength(1))
    expect(conversationTitles()[0]).toMatch(/^What is 6 \* 7\?/)
    expect(lastListing().searchParams.get('startDate')).toBe(new Date(2026, 2, 2).toISOString())
    expect(lastListing().searchParams.has('source')).toBe(false)

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-01' } })
    expect(await screen.findByText('The end is before the start.')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '' } })
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } })

    const feedback = within(screen.getByRole('group', { name: 'Feedback' }))
    fireEvent.click(feedback.getByRole('button', { name: 'Positive' }))
    await waitFor(() => expect(lastListing().searchParams.get('feedbackType')).toBe('THUMBS_UP'))
    await waitFor(() => expect(conversationTitles()).toEqual([expect.stringMatching(/^What is 6 \* 7\?UI2 messages/)]))
    expect(conversation().queryByText('And 7 * 8?')).toBeNull()
  })

  it('says when the filters select nothing, and clears them', async () => {
    historyServer()
    await openDialog()
    await screen.findByText('It is 42.')
    fireEvent.click(within(screen.getByRole('group', { name: 'Feedback' })).getByRole('button', { name: 'Negative' }))
    fireEvent.click(screen.getByRole('button', { name: 'UI' }))
    expect(await screen.findByText('No messages match these filters')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(await screen.findByText('It is 42.')).toBeTruthy()
    expect(conversationTitles()).toHaveLength(2)
  })

  it('deletes a conversation only after the user confirms', async () => {
    const requests = historyServer()
    await openDialog()
    await screen.findByText('It is 42.')
    const deletes = () => requests.filter((r) => r.method === 'DELETE')

    fireEvent.click(screen.getByRole('button', { name: 'Delete conversation' }))
    let confirm = await screen.findByRole('dialog', { name: 'Delete conversation' })
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete conversation' })).toBeNull())
    expect(deletes()).toEqual([])

    fireEvent.click(await screen.findByRole('button', { name: 'Delete conversation' }))
    confirm = await screen.findByRole('dialog', { name: 'Delete conversation' })
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Conversation deleted')).toBeTruthy()
    expect(deletes().map((r) => r.url.search)).toEqual(['?sessionId=canvas-chat'])
    await waitFor(() => expect(conversationTitles()).toHaveLength(1))
    expect(await conversation().findByText('Within 30 days.')).toBeTruthy()
    expect(screen.getByLabelText('Counts').textContent).toBe('2 messages · 1 feedback · 0% positive')
  })

  it('exports what the filter shows as Flowise’s JSON file, feedback included', async () => {
    historyServer()
    const files = captureDownloads()
    await openDialog()
    await screen.findByText('It is 42.')
    fireEvent.click(screen.getByRole('button', { name: 'Embed' }))
    await waitFor(() => expect(conversationTitles()).toHaveLength(1))
    fireEvent.click(screen.getByRole('button', { name: 'Export JSON' }))

    expect(files.map((f) => [f.name, f.type])).toEqual([['f1-Message.json', 'application/json']])
    expect(JSON.parse(await files[0]!.text())).toEqual([
      {
        id: 'api-chat',
        source: 'Embed',
        sessionId: 'api-chat',
        memoryType: null,
        email: 'grace@example.com',
        messages: [
          { content: 'How do refunds work?', role: 'user', time: '2026-03-01T09:00:00.000Z' },
          {
            content: 'Within 30 days.',
            role: 'bot',
            time: '2026-03-01T09:00:01.000Z',
            sourceDocuments: [
              { pageContent: 'Refunds are possible within 30 days.', metadata: { source: 'handbook.txt' } },
            ],
            feedback: 'Too short',
            rating: 'THUMBS_DOWN',
          },
        ],
      },
    ])
  })

  it('says there are no messages yet, with nothing to export', async () => {
    historyServer({ messages: [] })
    await openDialog()
    expect(await screen.findByText('No messages yet')).toBeTruthy()
    expect(screen.getByText(/Chat with the flow on its canvas/)).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Export JSON' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByLabelText('Counts').textContent).toBe('0 messages · 0 feedback')
  })

  it('shows why the history could not load and tries again on Retry', async () => {
    historyServer({ failFirst: 2 })
    await openDialog()
    expect(await screen.findByText('The messages could not be loaded: The database is not reachable')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('It is 42.')).toBeTruthy()
    expect(screen.getByLabelText('Counts').textContent).toBe('6 messages · 2 feedback · 50% positive')
  })

  it('offers no delete to a member who may only view flows, and closes on Close', async () => {
    historyServer()
    useSettings.setState({ platform: 'enterprise', setupRequired: false, loading: false })
    const onClose = vi.fn()
    renderDialog(<ViewMessagesDialog flow={flow} onClose={onClose} />, {
      ...admin,
      isOrganizationAdmin: false,
      permissions: ['chatflows:view'],
    })
    await screen.findByText('It is 42.')
    expect(screen.queryByRole('button', { name: 'Delete conversation' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalledOnce()
  })
})
