import { render } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  chatStats,
  keepRatedExchanges,
  messageSourceOf,
  type ChatMessageWithFeedback,
  type ChatSource,
  type FeedbackRating,
  type Lead,
  type LoginResponse,
} from '@weft/core'
import type { ReactNode } from 'react'
import { vi } from 'vitest'
import ConfirmDialog from '../../../components/confirm/ConfirmDialog'
import NotificationProvider from '../../../components/notifications/NotificationProvider'
import { useSession } from '../../../store/session'
import { admin, stubServer } from '../../../test/renderApp'

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

let counter = 0
function message(fields: Partial<ChatMessageWithFeedback> & Pick<ChatMessageWithFeedback, 'chatId' | 'content'>) {
  counter += 1
  return {
    id: `m${counter}`,
    role: 'userMessage',
    chatflowid: 'f1',
    sourceDocuments: null,
    usedTools: null,
    chatType: 'EXTERNAL',
    sessionId: fields.chatId,
    leadEmail: null,
    createdDate: '2026-03-01T09:00:00.000Z',
    feedback: null,
    ...fields,
  } satisfies ChatMessageWithFeedback
}

const rated = (messageId: string, chatId: string, rating: FeedbackRating, content: string | null) => ({
  id: `fb-${messageId}`,
  chatflowid: 'f1',
  chatId,
  messageId,
  rating,
  content,
  createdDate: '2026-03-03T00:00:00.000Z',
})

/** Flow f1's history: a chatbot conversation rated down, and a canvas one with a tool call and an interrupted answer. */
export function storedHistory(): ChatMessageWithFeedback[] {
  return [
    message({ chatId: 'api-chat', source: 'embed', content: 'How do refunds work?', leadEmail: 'grace@example.com' }),
    message({
      chatId: 'api-chat',
      source: 'embed',
      role: 'apiMessage',
      content: 'Within 30 days.',
      createdDate: '2026-03-01T09:00:01.000Z',
      leadEmail: 'grace@example.com',
      sourceDocuments: [{ pageContent: 'Refunds are possible within 30 days.', metadata: { source: 'handbook.txt' } }],
      feedback: rated('a1', 'api-chat', 'THUMBS_DOWN', 'Too short'),
    }),
    message({
      chatId: 'canvas-chat',
      chatType: 'INTERNAL',
      content: 'What is 6 * 7?',
      createdDate: '2026-03-02T10:00:00.000Z',
    }),
    message({
      chatId: 'canvas-chat',
      chatType: 'INTERNAL',
      role: 'apiMessage',
      content: 'It is 42.',
      createdDate: '2026-03-02T10:00:01.000Z',
      usedTools: [{ tool: 'calculator', toolInput: { expression: '6 * 7' }, toolOutput: '42' }],
      feedback: rated('a2', 'canvas-chat', 'THUMBS_UP', null),
    }),
    message({
      chatId: 'canvas-chat',
      chatType: 'INTERNAL',
      content: 'And 7 * 8?',
      createdDate: '2026-03-02T10:01:00.000Z',
    }),
    message({
      chatId: 'canvas-chat',
      chatType: 'INTERNAL',
      role: 'apiMessage',
      content: 'This answer was interrupted: the server stopped before it was complete.',
      status: 'interrupted',
      createdDate: '2026-03-02T10:01:00.000Z',
    }),
  ]
}

export const storedLeads = (): Lead[] => [
  {
    id: 'l1',
    chatflowid: 'f1',
    chatId: 'api-chat',
    name: 'Hopper, Grace',
    email: 'grace@example.com',
    phone: '+1 555 0100',
    createdDate: '2026-03-01T08:59:00.000Z',
  },
]

/**
 * A server for flow f1's history that filters like the real one (source, date range, rating),
 * deletes sessions, and lists leads. `failFirst` answers that many history requests with a 500.
 * Records every request's method and address.
 */
export function historyServer({
  messages = storedHistory(),
  leads = storedLeads(),
  failFirst = 0,
}: { messages?: ChatMessageWithFeedback[]; leads?: Lead[]; failFirst?: number } = {}) {
  let stored = messages
  let failures = failFirst
  const requests: { method: string; url: URL }[] = []
  const select = (query: URLSearchParams) => {
    const source = query.get('source') as ChatSource | null
    const start = query.get('startDate')
    const end = query.get('endDate')
    const rating = query.get('feedbackType') as FeedbackRating | null
    const selected = stored.filter(
      (m) =>
        (!source || messageSourceOf(m) === source) &&
        (!start || m.createdDate >= start) &&
        (!end || m.createdDate <= end),
    )
    return rating ? keepRatedExchanges(selected, [rating]) : selected
  }
  stubServer((address, init) => {
    const method = init?.method ?? 'GET'
    const url = new URL(address, 'http://localhost')
    requests.push({ method, url })
    if (url.pathname === '/api/v1/leads/f1') return json(leads)
    if (failures > 0 && (url.pathname === '/api/v1/chatmessage/f1' || url.pathname === '/api/v1/stats/f1')) {
      failures -= 1
      return json({ statusCode: 500, error: 'Internal Server Error', message: 'The database is not reachable' }, 500)
    }
    if (url.pathname === '/api/v1/chatmessage/f1' && method === 'GET') return json(select(url.searchParams))
    if (url.pathname === '/api/v1/stats/f1') return json(chatStats(select(url.searchParams)))
    if (url.pathname === '/api/v1/chatmessage/f1' && method === 'DELETE') {
      const session = url.searchParams.get('sessionId')
      const before = stored.length
      stored = stored.filter((m) => m.sessionId !== session)
      return json({ deleted: before - stored.length, affected: before - stored.length })
    }
    return undefined
  })
  return requests
}

/** Renders a dialog with what the app around it provides, signed in as `user`. */
export function renderDialog(dialog: ReactNode, user: LoginResponse = admin) {
  useSession.getState().login(user)
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <NotificationProvider>
        {dialog}
        <ConfirmDialog />
      </NotificationProvider>
    </QueryClientProvider>,
  )
}

/** A downloaded file's text, as a program opening it reads it (a byte order mark is dropped). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    // jsdom's Blob has no text(); its FileReader decodes the same way.
    const reader = new FileReader()
    reader.onload = () => resolve(reader.result as string)
    reader.onerror = () => reject(reader.error)
    reader.readAsText(blob)
  })

/** Captures what the dialog downloads instead of letting the browser save it. */
export function captureDownloads() {
  const files: { name: string; type: string; text: () => Promise<string> }[] = []
  const blobs = new Map<string, Blob>()
  // jsdom has no object URLs; each test file runs in its own environment, so these stay local to it.
  URL.createObjectURL = (blob: Blob) => {
    const href = `blob:test/${blobs.size}`
    blobs.set(href, blob as Blob)
    return href
  }
  URL.revokeObjectURL = () => undefined
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href)!
    files.push({ name: this.download, type: blob.type, text: () => textOf(blob) })
  })
  return files
}
