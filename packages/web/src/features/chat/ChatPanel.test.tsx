import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ChatMessage } from '@weft/core'
import { afterEach, describe, expect, it } from 'vitest'
import { resetApp } from '../../test/renderApp'
import { useChatPanel } from './chatPanelStore'
import { controlledStream } from './testing/controlledStream'
import { chatServer, renderChatPanel } from './testing/renderChatPanel'

const stored = (key: string): { chatId?: string } => JSON.parse(localStorage.getItem(key) ?? '{}')

function ask(question: string) {
  const input = screen.getByLabelText('Type your question')
  fireEvent.change(input, { target: { value: question } })
  fireEvent.keyDown(input, { key: 'Enter' })
}

const messages = () => screen.getByRole('log', { name: 'Messages' })

// Thumbs show only when the chatbot's feedback is on (Flowise: chatbotConfig.chatFeedback.status).
const feedbackOn = { chatbotConfig: JSON.stringify({ chatFeedback: { status: true } }) }

const message = (id: string, role: ChatMessage['role'], content: string): ChatMessage => ({
  id,
  role,
  content,
  chatflowid: 'f1',
  sourceDocuments: null,
  usedTools: null,
  chatType: 'INTERNAL',
  chatId: 'c-old',
  sessionId: null,
  leadEmail: null,
  createdDate: '2026-01-01T00:00:00.000Z',
})

describe('canvas chat panel', () => {
  afterEach(() => {
    resetApp()
    useChatPanel.setState({ open: false, expanded: false })
  })

  it('asks the saved flow and shows the answer as its tokens arrive', async () => {
    const stream = controlledStream()
    const calls = chatServer({ predict: stream.response })
    renderChatPanel(feedbackOn)
    expect(screen.getByRole('dialog', { name: 'Chat with Support bot' })).toBeTruthy()
    ask('What is Weft?')

    expect(await within(messages()).findByText('What is Weft?')).toBeTruthy()
    expect(await screen.findByRole('status', { name: 'Answer on its way' })).toBeTruthy()
    stream.send({ event: 'start', data: '' }, { event: 'token', data: 'A visual' })
    expect(await within(messages()).findByText('A visual')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy()
    stream.send({ event: 'token', data: ' builder.' })
    expect(await within(messages()).findByText('A visual builder.')).toBeTruthy()

    const prediction = calls.find((call) => call.url === '/api/v1/internal-prediction/f1')!
    expect(prediction).toMatchObject({
      method: 'POST',
      body: { question: 'What is Weft?', streaming: true, history: [] },
    })
    const chatId = prediction.body.chatId as string
    expect(chatId).toMatch(/^[0-9a-f-]{36}$/)
    expect(stored('f1_INTERNAL').chatId).toBe(chatId)

    stream.send(
      { event: 'metadata', data: { chatId, chatMessageId: 'm1', question: 'What is Weft?', sessionId: chatId } },
      { event: 'end', data: '[DONE]' },
    )
    stream.close()
    expect(await screen.findByRole('button', { name: 'Helpful' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull()
    expect((screen.getByLabelText('Type your question') as HTMLTextAreaElement).value).toBe('')
  })

  it('stops a running answer, keeping what arrived', async () => {
    const stream = controlledStream()
    const calls = chatServer({ predict: stream.response })
    renderChatPanel()
    ask('Tell me a long story')
    stream.send({ event: 'start', data: '' }, { event: 'token', data: 'Once upon' })
    expect(await within(messages()).findByText('Once upon')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Stop' }))
    expect(await within(messages()).findByText('Stopped')).toBeTruthy()
    expect(calls.find((call) => call.url.includes('internal-prediction'))!.signal!.aborted).toBe(true)
    expect(stream.isCancelled()).toBe(true)
    expect(screen.getByRole('button', { name: 'Send message' })).toBeTruthy()
  })

  it('shows a failed run in the conversation, in an error style', async () => {
    const stream = controlledStream()
    chatServer({ predict: stream.response })
    renderChatPanel()
    ask('Hello?')
    stream.send(
      { event: 'start', data: '' },
      { event: 'error', data: 'Chat Model (chatOpenAI_0): the API key is missing' },
      { event: 'end', data: '[DONE]' },
    )
    stream.close()
    const alert = await within(messages()).findByRole('alert')
    expect(alert.textContent).toContain('Chat Model (chatOpenAI_0): the API key is missing')
  })

  it('shows a refused call with the server message', async () => {
    chatServer({
      predict: () =>
        new Response(
          JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'No ending node in this flow' }),
          { status: 500 },
        ),
    })
    renderChatPanel()
    ask('Hello?')
    expect((await within(messages()).findByRole('alert')).textContent).toContain('No ending node in this flow')
  })

  it('rates an answer and sends an optional comment after thumbs down', async () => {
    const stream = controlledStream()
    const calls = chatServer({ predict: stream.response })
    renderChatPanel(feedbackOn)
    ask('Hi')
    stream.send(
      { event: 'token', data: 'Hello' },
      { event: 'metadata', data: { chatId: 'x', chatMessageId: 'm1', question: 'Hi', sessionId: 'x' } },
      { event: 'end', data: '[DONE]' },
    )
    stream.close()
    fireEvent.click(await screen.findByRole('button', { name: 'Not helpful' }))

    const dialog = await screen.findByRole('dialog', { name: 'What was wrong with this answer?' })
    expect(calls.find((call) => call.url === '/api/v1/feedback')).toMatchObject({
      method: 'POST',
      body: { chatflowid: 'f1', chatId: 'x', messageId: 'm1', rating: 'THUMBS_DOWN' },
    })
    fireEvent.change(within(dialog).getByLabelText('Your comment (optional)'), { target: { value: 'Too short' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send feedback' }))
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/v1/feedback/fb1')).toMatchObject({
        method: 'PUT',
        body: { content: 'Too short' },
      }),
    )
    expect(screen.getByRole('button', { name: 'Not helpful' }).getAttribute('aria-pressed')).toBe('true')
  })

  it('shows used tools and source documents as chips that open their detail', async () => {
    const stream = controlledStream()
    chatServer({ predict: stream.response })
    renderChatPanel()
    ask('What is 2*3?')
    stream.send(
      { event: 'usedTools', data: [{ tool: 'calculator', toolInput: { input: '2*3' }, toolOutput: '6' }] },
      {
        event: 'sourceDocuments',
        data: [{ pageContent: 'Six is two times three.', metadata: { source: '/docs/maths.txt', page: 4 } }],
      },
      { event: 'token', data: 'It is 6.' },
      { event: 'end', data: '[DONE]' },
    )
    stream.close()

    fireEvent.click(await screen.findByRole('button', { name: 'Tool call: calculator' }))
    const tool = await screen.findByRole('dialog', { name: 'calculator' })
    expect(tool.textContent).toContain('"input": "2*3"')
    fireEvent.click(within(tool).getByRole('button', { name: 'Close' }))

    fireEvent.click(screen.getByRole('button', { name: 'Source document: maths.txt · page 4' }))
    const document = await screen.findByRole('dialog', { name: 'maths.txt · page 4' })
    expect(document.textContent).toContain('Six is two times three.')
    expect(within(document).getByRole('table', { name: 'Metadata' }).textContent).toContain('page4')
  })

  it('reloads the stored conversation, and clearing it deletes it and starts a new chat id', async () => {
    localStorage.setItem('f1_INTERNAL', JSON.stringify({ chatId: 'c-old' }))
    const calls = chatServer({
      messages: {
        'c-old': [message('1', 'userMessage', 'Earlier question'), message('2', 'apiMessage', 'Earlier answer')],
      },
    })
    renderChatPanel(feedbackOn)
    expect(await within(messages()).findByText('Earlier answer')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Helpful' })).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Clear chat' }))
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Clear this chat?' })).getByRole('button', { name: 'Clear' }),
    )
    await waitFor(() => expect(within(messages()).queryByText('Earlier answer')).toBeNull())
    expect(calls.find((call) => call.method === 'DELETE')?.url).toBe('/api/v1/chatmessage/f1?chatId=c-old')
    expect(stored('f1_INTERNAL').chatId).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('shows a stored answer the server never finished as an error under its question, with no thumbs', async () => {
    localStorage.setItem('f1_INTERNAL', JSON.stringify({ chatId: 'c-old' }))
    const interrupted = 'This answer was interrupted: the server stopped before it was complete.'
    chatServer({
      messages: {
        'c-old': [
          { ...message('1', 'userMessage', 'Asked before the crash'), status: 'interrupted' },
          { ...message('2', 'apiMessage', interrupted), status: 'interrupted' },
        ],
      },
    })
    renderChatPanel(feedbackOn)
    expect(await within(messages()).findByText('Asked before the crash')).toBeTruthy()
    expect(within(messages()).getByRole('alert').textContent).toBe(interrupted)
    expect(screen.queryByRole('button', { name: 'Helpful' })).toBeNull()
  })

  it('offers starter prompts while empty, says when the flow has unsaved changes, and closes on Escape', async () => {
    const stream = controlledStream()
    const calls = chatServer({ predict: stream.response })
    useChatPanel.setState({ open: true })
    renderChatPanel({ chatbotConfig: JSON.stringify({ starterPrompts: ['What can you do?'] }), unsaved: true })
    expect(screen.getByText(/unsaved changes: the chat uses the last saved version/)).toBeTruthy()
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Starter prompts' })).getByRole('button', { name: 'What can you do?' }),
    )
    await waitFor(() =>
      expect(calls.find((call) => call.url.includes('internal-prediction'))?.body.question).toBe('What can you do?'),
    )
    expect(screen.queryByRole('group', { name: 'Starter prompts' })).toBeNull()

    fireEvent.keyDown(screen.getByLabelText('Type your question'), { key: 'Escape' })
    expect(useChatPanel.getState().open).toBe(false)
  })

  it('shows no thumbs while the chatbot’s feedback is off', async () => {
    const stream = controlledStream()
    chatServer({ predict: stream.response })
    renderChatPanel({ chatbotConfig: JSON.stringify({ chatFeedback: { status: false } }) })
    ask('Hi')
    stream.send(
      { event: 'token', data: 'Hello' },
      { event: 'metadata', data: { chatId: 'x', chatMessageId: 'm1', question: 'Hi', sessionId: 'x' } },
      { event: 'end', data: '[DONE]' },
    )
    stream.close()
    expect(await within(messages()).findByText('Hello')).toBeTruthy()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send message' })).toBeTruthy())
    expect(screen.queryByRole('button', { name: 'Helpful' })).toBeNull()
  })

  it('offers the follow-up prompts of the newest answer, and asks one when clicked', async () => {
    const first = controlledStream()
    const second = controlledStream()
    const streams = [first, second]
    const calls = chatServer({ predict: () => streams.shift()!.response() })
    renderChatPanel()
    ask('What is Weft?')
    first.send(
      { event: 'token', data: 'A flow builder.' },
      {
        event: 'metadata',
        data: {
          chatId: 'x',
          chatMessageId: 'm1',
          question: 'What is Weft?',
          sessionId: 'x',
          followUpPrompts: ['How do I start?', 'Is it free?'],
        },
      },
      { event: 'end', data: '[DONE]' },
    )
    first.close()
    const offered = await screen.findByRole('group', { name: 'Follow-up prompts' })
    expect(
      within(offered)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['How do I start?', 'Is it free?'])

    fireEvent.click(within(offered).getByRole('button', { name: 'Is it free?' }))
    await waitFor(() =>
      expect(calls.filter((call) => call.url.includes('internal-prediction')).at(-1)?.body.question).toBe(
        'Is it free?',
      ),
    )
    // Offered under the newest answer only: the new question takes them away.
    expect(screen.queryByRole('group', { name: 'Follow-up prompts' })).toBeNull()
    expect(await within(messages()).findByText('Is it free?')).toBeTruthy()
  })

  it('keeps Shift+Enter for a new line', () => {
    const calls = chatServer()
    renderChatPanel()
    const input = screen.getByLabelText('Type your question')
    fireEvent.change(input, { target: { value: 'Line one' } })
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true })
    expect(calls.filter((call) => call.url.includes('prediction'))).toEqual([])
  })
})
