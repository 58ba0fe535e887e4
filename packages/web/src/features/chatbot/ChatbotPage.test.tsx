import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ChatbotConfig } from '@weft/core'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp, resetApp, stubServer } from '../../test/renderApp'
import { controlledStream } from '../chat/testing/controlledStream'

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

// As the configuration dialog saves it: starter prompts in Flowise's shape.
const config: ChatbotConfig = {
  title: 'Weft helper',
  welcomeMessage: 'Hello! Ask me about Weft.',
  starterPrompts: { 0: { prompt: 'What is a flow?' }, 1: { prompt: '' } },
  botMessage: { backgroundColor: 'rgb(1, 2, 3)' },
}

function ask(question: string) {
  const input = screen.getByLabelText('Type your question')
  fireEvent.change(input, { target: { value: question } })
  fireEvent.keyDown(input, { key: 'Enter' })
}

const findTitle = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 })

function serveChatbot(answer: (url: string, init?: RequestInit) => Response | undefined) {
  const calls: { url: string; body: Record<string, unknown> }[] = []
  stubServer((url, init) => {
    if (init?.method === 'POST') calls.push({ url, body: JSON.parse(init.body as string) as Record<string, unknown> })
    if (url === '/api/v1/chatflows-streaming/f1') return json({ isStreaming: true })
    if (url === '/api/v1/public-chatflows/f1') return json({ id: 'f1', name: 'Docs flow', isPublic: true })
    return answer(url, init)
  })
  return calls
}

describe('public chatbot page', () => {
  afterEach(resetApp)

  it('shows the chatbot title, welcome message and starter prompts, and asks the public prediction API', async () => {
    const stream = controlledStream()
    const calls = serveChatbot((url) => {
      if (url === '/api/v1/public-chatbotConfig/f1') return json(config)
      if (url === '/api/v1/prediction/f1') return stream.response()
      return undefined
    })
    renderApp('/chatbot/f1')
    expect(await findTitle('Weft helper')).toBeTruthy()
    const log = screen.getByRole('log', { name: 'Messages' })
    expect(within(log).getByText('Hello! Ask me about Weft.')).toBeTruthy()

    fireEvent.click(
      within(screen.getByRole('group', { name: 'Starter prompts' })).getByRole('button', { name: 'What is a flow?' }),
    )
    stream.send({ event: 'token', data: 'Nodes wired together.' }, { event: 'end', data: '[DONE]' })
    stream.close()
    expect(await within(log).findByText('Nodes wired together.')).toBeTruthy()
    const prediction = calls.find((call) => call.url === '/api/v1/prediction/f1')!
    expect(prediction.body).toMatchObject({ question: 'What is a flow?', streaming: true })
    const kept = JSON.parse(localStorage.getItem('f1_EXTERNAL') ?? '{}') as { chatId?: string }
    expect(kept.chatId).toBe(prediction.body.chatId)
  })

  it('titles a chatbot with no settings by its flow’s name, greets by default and shows the footer', async () => {
    serveChatbot((url) => (url === '/api/v1/public-chatbotConfig/f1' ? json({}) : undefined))
    renderApp('/chatbot/f1')
    expect(await findTitle('Docs flow')).toBeTruthy()
    expect(within(screen.getByRole('log', { name: 'Messages' })).getByText('Hi there! How can I help?')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Weft' }).closest('p')!.textContent).toBe('Powered by Weft')
  })

  it('shows the conversation again after a reload', async () => {
    const stream = controlledStream()
    serveChatbot((url) => {
      if (url === '/api/v1/public-chatbotConfig/f1') return json(config)
      if (url === '/api/v1/prediction/f1') return stream.response()
      return undefined
    })
    renderApp('/chatbot/f1')
    await findTitle('Weft helper')
    ask('What is an edge?')
    stream.send(
      { event: 'token', data: 'A link between nodes.' },
      { event: 'metadata', data: { chatId: 'c1', chatMessageId: 'm1', question: 'What is an edge?', sessionId: 'c1' } },
      { event: 'end', data: '[DONE]' },
    )
    stream.close()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send message' })).toBeTruthy())

    cleanup()
    renderApp('/chatbot/f1')
    await findTitle('Weft helper')
    const log = screen.getByRole('log', { name: 'Messages' })
    expect(within(log).getByText('What is an edge?')).toBeTruthy()
    expect(within(log).getByText('A link between nodes.')).toBeTruthy()
    expect(screen.queryByRole('group', { name: 'Starter prompts' })).toBeNull()
  })

  it('shows thumbs only when the chatbot’s feedback is on, and sends them without a session', async () => {
    const stream = controlledStream()
    const calls = serveChatbot((url) => {
      if (url === '/api/v1/public-chatbotConfig/f1') return json({ ...config, chatFeedback: { status: true } })
      if (url === '/api/v1/prediction/f1') return stream.response()
      if (url === '/api/v1/feedback') return json({ id: 'fb1' })
      return undefined
    })
    renderApp('/chatbot/f1')
    await findTitle('Weft helper')
    expect(screen.queryByRole('button', { name: 'Helpful' })).toBeNull()
    ask('Hi')
    stream.send(
      { event: 'token', data: 'Hello' },
      { event: 'metadata', data: { chatId: 'c1', chatMessageId: 'm1', question: 'Hi', sessionId: 'c1' } },
      { event: 'end', data: '[DONE]' },
    )
    stream.close()
    fireEvent.click(await screen.findByRole('button', { name: 'Helpful' }))
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/v1/feedback')?.body).toMatchObject({
        chatflowid: 'f1',
        messageId: 'm1',
        rating: 'THUMBS_UP',
      }),
    )
  })

  it("shows the owner's error message instead of the flow's error", async () => {
    const stream = controlledStream()
    serveChatbot((url) => {
      if (url === '/api/v1/public-chatbotConfig/f1') return json({ ...config, errorMessage: 'Sorry, try again later.' })
      if (url === '/api/v1/prediction/f1') return stream.response()
      return undefined
    })
    renderApp('/chatbot/f1')
    await findTitle('Weft helper')
    ask('Hi')
    stream.send(
      { event: 'error', data: 'Chat Model (chatOpenAI_0): 401 from OpenAI' },
      { event: 'end', data: '[DONE]' },
    )
    stream.close()
    expect((await screen.findByRole('alert')).textContent).toBe('Sorry, try again later.')
  })

  it('says when the chatbot is not public', async () => {
    serveChatbot((url) =>
      url === '/api/v1/public-chatbotConfig/f1' ? json({ statusCode: 401, message: 'Unauthorized' }, 401) : undefined,
    )
    renderApp('/chatbot/f1')
    expect(await screen.findByText('This chatbot is not public', {}, { timeout: 5000 })).toBeTruthy()
  })

  it('asks for contact details first when the chatbot collects leads', async () => {
    const calls = serveChatbot((url) => {
      if (url === '/api/v1/public-chatbotConfig/f1')
        return json({
          ...config,
          leads: { status: true, title: 'Who are you?', name: true, email: true, successMessage: 'Thanks, Ada!' },
        })
      if (url === '/api/v1/leads') return json({ id: 'l1' })
      return undefined
    })
    renderApp('/chatbot/f1')
    const form = await screen.findByRole('form', { name: 'Contact details' }, { timeout: 5000 })
    expect(screen.queryByLabelText('Type your question')).toBeNull()
    fireEvent.change(within(form).getByLabelText(/Name/), { target: { value: 'Ada' } })
    fireEvent.change(within(form).getByLabelText(/Email/), { target: { value: 'ada@example.com' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Start chatting' }))

    expect(await screen.findByText('Thanks, Ada!')).toBeTruthy()
    expect(screen.getByLabelText('Type your question')).toBeTruthy()
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/v1/leads')?.body).toMatchObject({
        chatflowid: 'f1',
        name: 'Ada',
        email: 'ada@example.com',
      }),
    )
    expect(JSON.parse(localStorage.getItem('f1_EXTERNAL') ?? '{}')).toMatchObject({
      lead: { name: 'Ada', email: 'ada@example.com' },
    })
  })
})
