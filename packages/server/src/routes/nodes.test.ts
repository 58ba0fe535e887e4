import type { InputOption, NodeDescriptor } from '@weft/core'
import { nodes } from '@weft/nodes'
import type * as NodesModule from '@weft/nodes'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { testDialects } from '../test/dialects.js'
import { browser, setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// Two nodes of our own beside the real catalogue, so load methods can fail and hang on purpose.
const testNodes = vi.hoisted(() => {
  interface LoadRequest {
    inputs: Record<string, unknown>
    credential?: string
    signal?: AbortSignal
  }
  const descriptor = (name: string, canvases: NodeDescriptor['canvases']): NodeDescriptor => ({
    label: name,
    name,
    version: 1,
    type: name,
    category: 'Test',
    description: 'A node only these tests know',
    icon: `${name}.svg`,
    color: '#123456',
    baseClasses: [name],
    inputs: [{ label: 'Model', name: 'modelName', type: 'asyncOptions', loadMethod: 'listModels' }],
    canvases,
  })
  const lister = {
    descriptor: descriptor('testModelLister', ['chatflow']),
    loadMethods: {
      listModels: async ({ inputs, credential, signal }: LoadRequest): Promise<InputOption[]> => [
        { label: `Models at ${String(inputs.basePath)}`, name: credential ?? 'no credential' },
        { label: 'Signal', name: signal instanceof AbortSignal && !signal.aborted ? 'live' : 'missing' },
      ],
      failing: async (): Promise<InputOption[]> => {
        throw new Error('Provider unreachable')
      },
      hanging: (): Promise<InputOption[]> => new Promise(() => {}),
    },
    run: async () => undefined,
  }
  const step = { descriptor: descriptor('testAgentStep', ['agentflowV2']), run: async () => undefined }
  return [lister, step]
})

const isTestNode = (name: string) => testNodes.some((n) => n.descriptor.name === name)

vi.mock('@weft/nodes', async (importOriginal) => {
  const real = await importOriginal<typeof NodesModule>()
  return {
    ...real,
    nodes: [...real.nodes, ...testNodes],
    findNode: (name: string) => testNodes.find((n) => n.descriptor.name === name) ?? real.findNode(name),
    readNodeIcon: async (name: string) =>
      name === 'testModelLister' ? '<svg xmlns="http://www.w3.org/2000/svg"/>' : real.readNodeIcon(name),
  }
})

const realNodes = nodes.filter((n) => !isTestNode(n.descriptor.name))

describe.each(testDialects())('node catalogue on $name', (dialect) => {
  let t: TestApp
  let b: Browser
  beforeEach(async () => {
    t = await startTestApp({ dialect })
    b = await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  const names = (list: NodeDescriptor[]) => list.map((d) => d.name)

  it('lists every node, or those of one canvas kind', async () => {
    const all = await b.get<NodeDescriptor[]>('/api/v1/nodes')
    expect(all.status).toBe(200)
    expect(names(all.body)).toEqual([...realNodes.map((n) => n.descriptor.name), 'testModelLister', 'testAgentStep'])
    const v2 = (await b.get<NodeDescriptor[]>('/api/v1/nodes?canvas=agentflowV2')).body
    expect(names(v2)).toContain('testAgentStep')
    expect(names(v2)).not.toContain('testModelLister')
    expect(v2.every((d) => d.canvases.includes('agentflowV2'))).toBe(true)
    const bad = await b.get('/api/v1/nodes?canvas=workflow')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('querystring.canvas: must be one of chatflow, sequential, agentflowV2')
  })

  it('answers one node by name, or 404', async () => {
    const one = await b.get('/api/v1/nodes/testModelLister')
    expect(one.body).toEqual(testNodes[0]!.descriptor)
    const missing = await b.get('/api/v1/nodes/noSuchNode')
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('Node noSuchNode not found')
  })

  it('serves node icons as cacheable SVG, refusing names that are not plain', async () => {
    const icon = await t.app.inject({
      method: 'GET',
      url: '/api/v1/node-icon/testModelLister',
      cookies: Object.fromEntries(b.jar),
    })
    expect(icon.statusCode).toBe(200)
    expect(icon.headers['content-type']).toBe('image/svg+xml')
    expect(icon.headers['cache-control']).toBe('public, max-age=86400')
    expect(icon.body).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>')
    expect((await b.get('/api/v1/node-icon/testAgentStep')).status).toBe(404)
    expect((await b.get('/api/v1/node-icon/..%2F..%2Fpackage')).status).toBe(400)
    expect((await browser(t.app).get('/api/v1/node-icon/testModelLister')).status).toBe(401)
  })

  it('has an icon for every node of the real catalogue', async () => {
    for (const { descriptor: d } of realNodes) {
      const icon = await b.get(`/api/v1/node-icon/${d.name}`)
      expect(icon.status, d.name).toBe(200)
      expect(String(icon.body), d.name).toContain('<svg')
    }
  })

  it('runs a load method with the inputs, the credential and a live signal', async () => {
    const res = await b.post('/api/v1/node-load-method/testModelLister', {
      loadMethod: 'listModels',
      inputs: { basePath: 'http://localhost:11434' },
      credential: 'cred-1',
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual([
      { label: 'Models at http://localhost:11434', name: 'cred-1' },
      { label: 'Signal', name: 'live' },
    ])
  })

  it('runs the load methods of the real catalogue', async () => {
    const res = await b.post('/api/v1/node-load-method/chatOffline', { loadMethod: 'listModels' })
    expect(res.status).toBe(200)
    expect(res.body.map((option: InputOption) => option.name)).toContain('weft-responder')
  })

  it('lists the workspace flows for Execute Flow, and no document stores while none is upserted', async () => {
    const created = await b.post('/api/v1/chatflows', { name: 'Support bot', type: 'CHATFLOW' })
    const flows = await b.post('/api/v1/node-load-method/executeFlowAgentflow', { loadMethod: 'listFlows' })
    expect(flows.status).toBe(200)
    expect(flows.body).toEqual([{ label: 'Support bot', name: created.body.id, description: 'Chatflow' }])
    const stores = await b.post('/api/v1/node-load-method/retrieverAgentflow', { loadMethod: 'listStores' })
    expect(stores.body).toEqual([])
  })

  it('answers a workspace list for a picker inside the rows of an array input (Agent knowledge)', async () => {
    // The Agent has no listStores of its own: only its Knowledge rows declare it, for the server to answer.
    const stores = await b.post('/api/v1/node-load-method/agentAgentflow', { loadMethod: 'listStores' })
    expect(stores.status, JSON.stringify(stores.body)).toBe(200)
    expect(stores.body).toEqual([])
    expect((await b.post('/api/v1/node-load-method/agentAgentflow', { loadMethod: 'listFlows' })).status).toBe(404)
  })

  it('answers 404 for an unknown node or method, 502 when the method fails', async () => {
    const post = (node: string, loadMethod: string) => b.post(`/api/v1/node-load-method/${node}`, { loadMethod })
    expect((await post('noSuchNode', 'listModels')).body.message).toBe('Node noSuchNode not found')
    expect((await post('testModelLister', 'listFiles')).body.message).toBe(
      'Node testModelLister has no load method listFiles',
    )
    expect((await post('testModelLister', 'constructor')).status).toBe(404)
    expect((await post('testAgentStep', 'listModels')).status).toBe(404)
    const failed = await post('testModelLister', 'failing')
    expect(failed.status).toBe(502)
    expect(failed.body.message).toBe('Could not load the options: Provider unreachable')
  })

  it('gives up on a load method after 5 seconds', async () => {
    const started = Date.now()
    const res = await b.post('/api/v1/node-load-method/testModelLister', { loadMethod: 'hanging' })
    expect(res.status).toBe(504)
    expect(res.body.message).toBe('Loading the options took longer than 5 s')
    expect(Date.now() - started).toBeGreaterThanOrEqual(4900)
  })

  it('describes the node routes in the OpenAPI document', async () => {
    const paths = (await b.get('/api/v1/openapi.json')).body.paths
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/nodes',
        '/api/v1/nodes/{name}',
        '/api/v1/node-icon/{name}',
        '/api/v1/node-load-method/{name}',
        '/api/v1/chatflows',
        '/api/v1/chatflows/{id}',
        '/api/v1/marketplaces/templates',
      ]),
    )
    const loadBody = paths['/api/v1/node-load-method/{name}'].post.requestBody.content['application/json'].schema
    expect(Object.keys(loadBody.properties)).toEqual(['loadMethod', 'inputs', 'credential'])
  })
})
