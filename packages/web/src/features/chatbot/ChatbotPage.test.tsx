import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ChatbotConfig } from '@weft/core'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp, resetApp, stubServer } from '../../test/renderApp'
import { controlledStream } from '../chat/testing/controlledStream'

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

const config: ChatbotConfig = {
  title: 'Weft helper',
  welcomeMessage: 'Hello! Ask me about Weft.',
  starterPrompts: ['What is a flow?'],
  botMessage: { backgroundColor: 'rgb(1, 2, 3)' },
}

const findTitle = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 })

function serveChatbot(answer: (url: string, init?: RequestInit) => Response | undefined) {
  const calls: { url: string; body: Record<string, unknown> }[] = []
  stubServer((url, init) => {
    if (init?.method === 'POST') calls.push({ url, body: JSON.parse(init.body as string) as Record<string, unknown> })
    if (url === '/api/v1/chatflows-streaming/f1') return json({ isStreaming: true })
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

  it("shows the owner's error message instead of the flow's error", async () => {
    const stream = controlledStream()
    serveChatbot((url) => {
      if (url === '/api/v1/public-chatbotConfig/f1') return json({ ...config, errorMessage: 'Sorry, try again later.' })
      if (url === '/api/v1/prediction/f1') return stream.response()
      return undefined
    })
    renderApp('/chatbot/f1')
    await findTitle('Weft helper')
    const input = screen.getByLabelText('Type your question')
    fireEvent.change(input, { target: { value: 'Hi' } })
    fireEvent.keyDown(input, { key: 'Enter' })
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
