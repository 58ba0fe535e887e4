import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { Flow, LoginResponse, PlatformType } from '@weft/core'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import NotificationProvider from '../../../../components/notifications/NotificationProvider'
import { useSession } from '../../../../store/session'
import { useSettings } from '../../../../store/settings'
import { admin, stubServer } from '../../../../test/renderApp'
import { flowRecord } from '../../testing/renderCanvas'

export { flowRecord }

export interface Sent {
  method: string
  url: string
  body: Record<string, unknown>
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status })

export const KEYS = [
  {
    id: 'k1',
    keyName: 'Production',
    keyPreview: 'wft_3f9a…',
    workspaceId: 'w1',
    createdDate: '2026-01-01T00:00:00.000Z',
    chatFlows: [],
  },
  {
    id: 'k2',
    keyName: 'Staging',
    keyPreview: 'wft_77b0…',
    workspaceId: 'w1',
    createdDate: '2026-01-02T00:00:00.000Z',
    chatFlows: [],
  },
]

export const VARIABLES = [
  {
    id: 'v1',
    name: 'city',
    value: 'Lyon',
    type: 'static',
    workspaceId: 'w1',
    createdDate: '2026-01-01T00:00:00.000Z',
    updatedDate: '2026-01-01T00:00:00.000Z',
  },
]

/** A server with two API keys and a variable that answers a flow PUT with `reply` (by default the flow as sent); records writes. */
export function serveShare(
  reply: (body: Record<string, unknown>) => Response = (body) => json(flowRecord(body as Partial<Flow>)),
) {
  const sent: Sent[] = []
  stubServer((url, init) => {
    const method = init?.method ?? 'GET'
    const body = init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : {}
    if (method !== 'GET') sent.push({ method, url, body })
    if (url === '/api/v1/apikey') return json(KEYS)
    if (url === '/api/v1/variables') return json(VARIABLES)
    if (url === '/api/v1/chatflows/f1' && method === 'PUT') return reply(body)
    return undefined
  })
  return sent
}

/** Render part of the app signed in (an admin unless told), with the providers it needs. */
export function renderShare(
  ui: ReactNode,
  { user = admin as LoginResponse, platform = 'open source' as PlatformType } = {},
) {
  useSession.getState().login(user)
  useSettings.setState({ platform, setupRequired: false, loading: false })
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <NotificationProvider>
        <MemoryRouter>{ui}</MemoryRouter>
      </NotificationProvider>
    </QueryClientProvider>,
  )
}
