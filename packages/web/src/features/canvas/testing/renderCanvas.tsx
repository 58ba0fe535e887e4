import { fireEvent, render, screen, within } from '@testing-library/react'
import { createFlowNode, DEFAULT_FLOW_BODY_LIMIT_MB, type Flow, type FlowData, type FlowTemplate } from '@weft/core'
import { createMemoryRouter } from 'react-router'
import { vi } from 'vitest'
import App from '../../../app/App'
import { routes } from '../../../app/routes'
import { useSession } from '../../../store/session'
import { useSettings } from '../../../store/settings'
import { admin, stubServer } from '../../../test/renderApp'
import { CATALOGUE, chatModel, llm, llmChain, start } from './descriptors'

/** The canvas page test harness: a stub server with flow f1, and the whole app at a path. */
export const savedFlowData: FlowData = {
  nodes: [
    createFlowNode(chatModel, 'chatOpenAI_0', { x: 0, y: 0 }),
    createFlowNode(llmChain, 'llmChain_0', { x: 400, y: 0 }),
  ],
  edges: [],
}

export const flowRecord = (fields: Partial<Flow> = {}): Flow => ({
  id: 'f1',
  name: 'Support bot',
  flowData: JSON.stringify(savedFlowData),
  type: 'CHATFLOW',
  deployed: false,
  isPublic: false,
  category: null,
  chatbotConfig: null,
  apiConfig: null,
  apikeyid: null,
  workspaceId: 'w1',
  createdDate: '2026-01-01T00:00:00.000Z',
  updatedDate: '2026-01-01T00:00:00.000Z',
  ...fields,
})

export const template: FlowTemplate = {
  id: 't1',
  templateName: 'Answer with an LLM',
  description: 'Start, then an LLM',
  type: 'AgentflowV2',
  categories: [],
  usecases: [],
  flowData: JSON.stringify({
    nodes: [
      createFlowNode(start, 'startAgentflow_0', { x: 0, y: 0 }),
      createFlowNode(llm, 'llmAgentflow_0', { x: 300, y: 0 }),
    ],
    edges: [],
  }),
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status })

export interface Sent {
  method: string
  url: string
  body: Record<string, unknown>
}

/** A server with the test catalogue, flow f1 and template t1; records what the canvas sends. */
/** The stand-in server; with `refuseSaves`, flow saves answer that status and body instead. */
export function serve({
  catalogue = true,
  refuseSaves = undefined as { status: number; body: unknown } | undefined,
} = {}) {
  const sent: Sent[] = []
  stubServer((url, init) => {
    const method = init?.method ?? 'GET'
    const body = init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : {}
    if (method !== 'GET') sent.push({ method, url, body })
    if (url === '/api/v1/nodes') return catalogue ? json(CATALOGUE) : json({ message: 'down' }, 500)
    if (url === '/api/v1/chatflows/f1' && method === 'GET') return json(flowRecord())
    if (refuseSaves && method !== 'GET' && url.startsWith('/api/v1/chatflows')) {
      return json(refuseSaves.body, refuseSaves.status)
    }
    if (url === '/api/v1/chatflows/f1' && method === 'PUT') return json(flowRecord(body))
    if (url === '/api/v1/chatflows' && method === 'POST') return json(flowRecord({ ...body, id: 'new1' }))
    if (url.startsWith('/api/v1/chatflows/')) return json({ message: 'Flow not found' }, 404)
    if (url === '/api/v1/marketplaces/templates/t1') return json(template)
    if (url.startsWith('/api/v1/marketplaces/templates/')) return json({ message: 'Template not found' }, 404)
    if (url.startsWith('/api/v1/marketplaces/custom/')) return json({ message: 'Template not found' }, 404)
    return undefined
  })
  return sent
}

/** Render the app signed in as an admin; gives the router, to read the address. */
export function renderCanvas(path: string) {
  vi.stubGlobal('matchMedia', (media: string) => ({
    matches: true,
    media,
    addEventListener() {},
    removeEventListener() {},
  }))
  useSession.getState().login(admin)
  useSettings.setState({
    platform: 'open source',
    setupRequired: false,
    flowBodyLimitMb: DEFAULT_FLOW_BODY_LIMIT_MB,
    loading: false,
  })
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  render(<App router={router} />)
  return router
}

// The first canvas of a test file loads React Flow and the node components, which takes seconds in jsdom.
export const findCanvas = () => screen.findByTestId('canvas', {}, { timeout: 8000 })

/** Add a node by searching the add-nodes panel and clicking the node. */
export async function addFromPanel(label: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Add nodes' }))
  const panel = await screen.findByRole('dialog', { name: 'Add nodes' })
  fireEvent.change(within(panel).getByLabelText('Search nodes'), { target: { value: label } })
  fireEvent.click(within(panel).getByText(label))
}
