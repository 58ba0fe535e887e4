import { render } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ChatMessage } from '@weft/core'
import ConfirmDialog from '../../../components/confirm/ConfirmDialog'
import NotificationProvider from '../../../components/notifications/NotificationProvider'
import { stubServer } from '../../../test/renderApp'
import ChatPanel from '../ChatPanel'

export interface Call {
  method: string
  url: string
  body: Record<string, unknown>
  signal?: AbortSignal | null
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/**
 * A server for the canvas chat of flow f1: stored messages by chat id, feedback, and predictions
 * answered by `predict`. Records every call but the streaming flag.
 */
export function chatServer({
  predict,
  messages = {},
}: { predict?: () => Response; messages?: Record<string, ChatMessage[]> } = {}) {
  const calls: Call[] = []
  stubServer((url, init) => {
    const method = init?.method ?? 'GET'
    if (url === '/api/v1/chatflows-streaming/f1') return json({ isStreaming: true })
    calls.push({
      method,
      url,
      body: init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : {},
      signal: init?.signal,
    })
    const chatId = new URL(url, 'http://localhost').searchParams.get('chatId') ?? ''
    if (url.startsWith('/api/v1/chatmessage/f1') && method === 'GET') return json(messages[chatId] ?? [])
    if (url.startsWith('/api/v1/chatmessage/f1') && method === 'DELETE')
      return json({ deleted: (messages[chatId] ?? []).length })
    if (url === '/api/v1/feedback' && method === 'POST') return json({ id: 'fb1', ...JSON.parse(init!.body as string) })
    if (url === '/api/v1/feedback/fb1' && method === 'PUT') return json({ id: 'fb1' })
    if (url === '/api/v1/internal-prediction/f1' && predict) return predict()
    return undefined
  })
  return calls
}

/** The chat panel of flow f1 ("Support bot") with what the app around it provides. */
export function renderChatPanel({ chatbotConfig = null as string | null, unsaved = false } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <NotificationProvider>
        <ChatPanel flowId="f1" flowName="Support bot" chatbotConfig={chatbotConfig} unsaved={unsaved} />
        <ConfirmDialog />
      </NotificationProvider>
    </QueryClientProvider>,
  )
}
