import type { Flow, FlowType, LoginResponse } from '@weft/core'
import { admin, stubServer } from '../../../test/renderApp'

let workspaceCount = 0

/**
 * An admin in a workspace of their own: the app's query cache outlives a test, and a new
 * workspace gives each test an empty cache for its lists.
 */
export function freshAdmin(): LoginResponse {
  workspaceCount += 1
  const id = `w-test-${workspaceCount}`
  return { ...admin, activeWorkspaceId: id, assignedWorkspaces: [{ id, name: 'Default' }] }
}

const node = (name: string, label: string, type = 'customNode') => ({ id: `${name}_0`, type, data: { name, label } })

export function flowOf(id: string, name: string, nodeNames: string[] = [], extra: Partial<Flow> = {}): Flow {
  return {
    id,
    name,
    flowData: JSON.stringify({ nodes: nodeNames.map((nodeName) => node(nodeName, nodeName.toUpperCase())), edges: [] }),
    type: 'CHATFLOW' as FlowType,
    deployed: false,
    isPublic: false,
    category: null,
    chatbotConfig: null,
    apiConfig: null,
    apikeyid: null,
    workspaceId: 'w1',
    createdDate: '2024-01-01T00:00:00.000Z',
    updatedDate: new Date(Date.now() - 3 * 3600_000).toISOString(),
    ...extra,
  }
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status })

/** A flows API over an in-memory list; every other call fails as if offline. */
export function flowServer(initial: Flow[]) {
  let flows = [...initial]
  let created = 0
  const fetch = stubServer((url, init) => {
    const method = init?.method ?? 'GET'
    const body = init?.body ? (JSON.parse(String(init.body)) as Partial<Flow>) : {}
    if (url.startsWith('/api/v1/chatflows?') && method === 'GET') {
      const types = decodeURIComponent(url.split('type=')[1] ?? '').split(',')
      return json(flows.filter((flow) => types.includes(flow.type)))
    }
    if (url === '/api/v1/chatflows' && method === 'POST') {
      created += 1
      const flow = flowOf(`new-${created}`, body.name ?? '', [], body)
      flows = [flow, ...flows]
      return json(flow)
    }
    const id = decodeURIComponent(url.match(/^\/api\/v1\/chatflows\/(.+)$/)?.[1] ?? '')
    if (id && method === 'PUT') {
      flows = flows.map((flow) => (flow.id === id ? { ...flow, ...body } : flow))
      return json(flows.find((flow) => flow.id === id))
    }
    if (id && method === 'DELETE') {
      flows = flows.filter((flow) => flow.id !== id)
      return json({ id })
    }
    return undefined
  })
  const calls = (method: string) =>
    fetch.mock.calls
      .filter(([, init]) => (init?.method ?? 'GET') === method)
      .map(([url, init]) => ({ url, body: init?.body }))
  return { fetch, calls }
}
