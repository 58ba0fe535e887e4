import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testDialects } from '../test/dialects.js'
import { listen } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { addWorkspace, builtInRoleId, createRole, signInMember, switchWorkspace } from '../test/workspace-members.js'

const ORDER_SCHEMA = JSON.stringify([
  { property: 'orderId', type: 'string', description: 'The order number', required: true },
  { property: 'express', type: 'boolean', description: 'Sent by express', required: false },
])
const ORDER_TOOL = {
  name: 'get_order_status',
  description: 'Tells where an order is',
  color: 'linear-gradient(#4caf50, #2196f3)',
  iconSrc: 'https://example.com/icons/box.svg',
  schema: ORDER_SCHEMA,
  func: 'return `Order ${$orderId} ships ${$express ? "tomorrow" : "next week"}`',
}

describe.each(testDialects())('tools on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  beforeEach(async () => {
    t = await startTestApp({ dialect, env: { PLATFORM_TYPE: 'enterprise' } })
    admin = await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  const create = (b: Browser, body: Record<string, unknown>) => b.post('/api/v1/tools', body)
  const list = async (b: Browser = admin) => (await b.get('/api/v1/tools')).body

  it('creates, reads, lists the last changed first, updates and deletes a tool', async () => {
    const me = (await admin.get('/api/v1/user')).body
    const created = await create(admin, ORDER_TOOL)
    expect(created.status).toBe(201)
    const tool = created.body
    expect(tool).toEqual({
      id: expect.any(String),
      ...ORDER_TOOL,
      workspaceId: me.activeWorkspaceId,
      createdDate: expect.any(String),
      updatedDate: expect.any(String),
    })
    expect((await admin.get(`/api/v1/tools/${tool.id}`)).body).toEqual(tool)

    const bare = (await create(admin, { name: 'ping', description: 'Answers pong', color: '#123' })).body
    expect(bare).toMatchObject({ name: 'ping', iconSrc: null, schema: null, func: null })
    const listed: { name: string; updatedDate: string }[] = await list()
    expect(listed.map((entry) => entry.name).sort()).toEqual(['get_order_status', 'ping'])
    const dates = listed.map((entry) => entry.updatedDate)
    expect(dates).toEqual([...dates].sort().reverse())

    const updated = await admin.put(`/api/v1/tools/${tool.id}`, { description: 'Where is my order?', iconSrc: '' })
    expect(updated.status).toBe(200)
    expect(updated.body).toEqual({
      ...tool,
      description: 'Where is my order?',
      iconSrc: null,
      updatedDate: expect.any(String),
    })
    expect((await admin.get(`/api/v1/tools/${tool.id}`)).body).toEqual(updated.body)

    expect(await admin.delete(`/api/v1/tools/${tool.id}`)).toMatchObject({ status: 200, body: { id: tool.id } })
    expect(await list()).toEqual([bare])
    const gone = await admin.get(`/api/v1/tools/${tool.id}`)
    expect(gone.status).toBe(404)
    expect(gone.body.message).toBe(`Tool ${tool.id} not found`)
    expect((await admin.put(`/api/v1/tools/${tool.id}`, { description: 'x' })).status).toBe(404)
    expect((await admin.delete(`/api/v1/tools/${tool.id}`)).status).toBe(404)
  })

  it('takes a JSON Schema object as the input schema', async () => {
    const schema = JSON.stringify({
      type: 'object',
      properties: { city: { type: 'string', enum: ['Oslo', 'Paris'] } },
      required: ['city'],
    })
    const res = await create(admin, { ...ORDER_TOOL, schema })
    expect(res.status).toBe(201)
    expect(res.body.schema).toBe(schema)
  })

  it('answers 409 for a name the workspace already has, on create and on rename', async () => {
    await create(admin, ORDER_TOOL)
    const other = (await create(admin, { ...ORDER_TOOL, name: 'track_parcel' })).body
    const twice = await create(admin, { ...ORDER_TOOL, description: 'Another' })
    expect(twice.status).toBe(409)
    expect(twice.body.message).toBe('A tool named get_order_status already exists in this workspace')
    const renamed = await admin.put(`/api/v1/tools/${other.id}`, { name: 'get_order_status' })
    expect(renamed.status).toBe(409)
    expect(renamed.body.message).toBe('A tool named get_order_status already exists in this workspace')
    // Keeping its own name is no clash.
    expect((await admin.put(`/api/v1/tools/${other.id}`, { name: 'track_parcel', color: '#fff' })).status).toBe(200)
    expect((await list()).map((tool: { name: string }) => tool.name).sort()).toEqual([
      'get_order_status',
      'track_parcel',
    ])
  })

  it('refuses bad input, naming the field, and writes nothing', async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ ...ORDER_TOOL, name: undefined }, 'body.name: is required'],
      [{ ...ORDER_TOOL, name: '  ' }, 'body.name: is required'],
      [
        { ...ORDER_TOOL, name: 'get order!' },
        'body.name: must hold only letters, digits, _ and - (not a space, "!"), e.g. get_order_status',
      ],
      [{ ...ORDER_TOOL, name: 'x'.repeat(65) }, 'body.name: must be at most 64 characters'],
      [{ ...ORDER_TOOL, description: '' }, 'body.description: is required'],
      [{ ...ORDER_TOOL, color: undefined }, 'body.color: is required'],
      [{ ...ORDER_TOOL, color: 'red; background: url(x)' }, 'body.color: must be a CSS colour such as #4caf50'],
      [
        { ...ORDER_TOOL, iconSrc: 'javascript:alert(1)' },
        'body.iconSrc: must be an http(s) address, a path starting with / or a data:image/ URL',
      ],
      [
        { ...ORDER_TOOL, iconSrc: `https://example.com/${'a'.repeat(2000)}` },
        'body.iconSrc: must be at most 2000 characters',
      ],
      [
        { ...ORDER_TOOL, schema: '[{ nope' },
        'body.schema: is not JSON: write a list of properties or a JSON Schema object',
      ],
      [
        { ...ORDER_TOOL, schema: JSON.stringify([{ property: 'qty', type: 'integer' }]) },
        'body.schema: row 1: type "integer" must be one of string, number, boolean, date',
      ],
      [
        { ...ORDER_TOOL, schema: JSON.stringify({ type: 'object', properties: {}, required: ['qty'] }) },
        'body.schema: "required" names "qty", which is not a property',
      ],
      [{ ...ORDER_TOOL, func: 'x'.repeat(100_001) }, 'body.func: must be at most 100000 characters'],
      [{ ...ORDER_TOOL, func: 42 }, 'body.func: must be text or null'],
    ]
    for (const [body, message] of refusals) {
      const res = await create(admin, body)
      expect(res.status, message).toBe(400)
      expect(res.body.message).toBe(message)
    }
    expect(await list()).toEqual([])

    const kept = (await create(admin, ORDER_TOOL)).body
    const broken = await admin.put(`/api/v1/tools/${kept.id}`, { description: 'New', schema: '{"type":"array"}' })
    expect(broken.status).toBe(400)
    expect(broken.body.message).toBe('body.schema: must have "type": "object", as the arguments are named properties')
    expect(await list()).toEqual([kept])
  })

  it('keeps each workspace’s tools to itself, names included', async () => {
    const me = (await admin.get('/api/v1/user')).body
    const mine = (await create(admin, ORDER_TOOL)).body
    const otherId = await addWorkspace(t, admin)

    await switchWorkspace(admin, otherId)
    expect(await list()).toEqual([])
    const hidden = await admin.get(`/api/v1/tools/${mine.id}`)
    expect(hidden.status).toBe(404)
    expect(hidden.body.message).toBe(`Tool ${mine.id} not found`)
    expect((await admin.put(`/api/v1/tools/${mine.id}`, { description: 'taken' })).status).toBe(404)
    expect((await admin.delete(`/api/v1/tools/${mine.id}`)).status).toBe(404)
    expect((await create(admin, ORDER_TOOL)).status).toBe(201)
    const picker = await admin.post('/api/v1/node-load-method/customTool', { loadMethod: 'listSavedTools' })
    expect(picker.body.map((option: { name: string }) => option.name)).not.toContain(mine.id)

    await switchWorkspace(admin, me.activeWorkspaceId)
    expect(await list()).toEqual([mine])
  })

  it('lets a viewer of tools list and read them, and refuses writes and tests without the write permissions', async () => {
    const tool = (await create(admin, ORDER_TOOL)).body
    const reader = await signInMember(t, admin, await createRole(t, admin, ['tools:view']))
    expect(await list(reader)).toEqual([tool])
    expect((await reader.get(`/api/v1/tools/${tool.id}`)).body).toEqual(tool)
    expect((await create(reader, { ...ORDER_TOOL, name: 'mine' })).status).toBe(403)
    expect((await reader.put(`/api/v1/tools/${tool.id}`, { description: 'x' })).status).toBe(403)
    expect((await reader.delete(`/api/v1/tools/${tool.id}`)).status).toBe(403)
    expect((await reader.post('/api/v1/tools/test', { func: 'return 1', input: {} })).status).toBe(403)

    const viewer = await signInMember(t, admin, await builtInRoleId(t, 'viewer'))
    expect((await create(viewer, { ...ORDER_TOOL, name: 'mine' })).status).toBe(403)
    const outsider = await signInMember(t, admin, await createRole(t, admin, ['variables:view']))
    expect((await outsider.get('/api/v1/tools')).status).toBe(403)
    expect((await outsider.get(`/api/v1/tools/${tool.id}`)).status).toBe(403)
    expect(await list()).toEqual([tool])

    // Either write permission may try a tool out; the workspace's variables only show to one who may see them.
    await admin.post('/api/v1/variables', { name: 'region', value: 'eu' })
    const showVars = { func: 'return JSON.stringify($vars)', input: {} }
    const editor = await signInMember(t, admin, await createRole(t, admin, ['tools:view', 'tools:update']))
    expect((await editor.post('/api/v1/tools/test', showVars)).body).toEqual({ output: '{}' })
    const creator = await signInMember(t, admin, await createRole(t, admin, ['tools:create', 'variables:view']))
    expect((await creator.post('/api/v1/tools/test', showVars)).body).toEqual({ output: '{"region":"eu"}' })
  })

  it('offers the saved tools in the Custom Tool node’s Select Tool, and keeps the Agent’s own tool list', async () => {
    const tool = (await create(admin, ORDER_TOOL)).body
    const picker = await admin.post('/api/v1/node-load-method/customTool', { loadMethod: 'listSavedTools' })
    expect(picker.body).toEqual([{ label: 'get_order_status', name: tool.id, description: 'Tells where an order is' }])
    const agentTools = await admin.post('/api/v1/node-load-method/agentAgentflow', { loadMethod: 'listTools' })
    expect(agentTools.body.map((option: { name: string }) => option.name)).toContain('customTool')
    const flowsOnly = await signInMember(t, admin, await createRole(t, admin, ['chatflows:view']))
    expect(
      (await flowsOnly.post('/api/v1/node-load-method/customTool', { loadMethod: 'listSavedTools' })).body,
    ).toEqual([])
  })

  it('describes the tool routes in the OpenAPI document', async () => {
    const { paths } = (await admin.get('/api/v1/openapi.json')).body
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(['/api/v1/tools', '/api/v1/tools/{id}', '/api/v1/tools/test']),
    )
  })

  describe('trying a tool out', () => {
    const test = (body: Record<string, unknown>) => admin.post('/api/v1/tools/test', body)

    it('runs the code with the arguments as $<property>, $input, $vars and $flow', async () => {
      await admin.post('/api/v1/variables', { name: 'warehouse', value: 'Oslo' })
      const res = await test({
        func: 'return { status: `Order ${$orderId} leaves ${$vars.warehouse}`, input: $input, chat: $flow.chatId }',
        schema: ORDER_SCHEMA,
        input: { orderId: 'A7', express: true },
      })
      expect(res.status).toBe(200)
      expect(JSON.parse(res.body.output)).toEqual({
        status: 'Order A7 leaves Oslo',
        input: { orderId: 'A7', express: true },
        chat: '',
      })
      expect((await test({ func: 'return "plain text"' })).body).toEqual({ output: 'plain text' })
    })

    it('answers the failure of the code as its error', async () => {
      expect((await test({ func: 'throw new Error("no such order")', input: {} })).body).toEqual({
        error: 'Custom code failed: Error: no such order',
      })
      const syntax = await test({ func: 'return (', input: {} })
      expect(syntax.status).toBe(200)
      expect(syntax.body.error).toMatch(/^Custom code has a syntax error: /)
    })

    it('refuses a malformed request', async () => {
      const refusals: [Record<string, unknown>, string][] = [
        [{ input: {} }, 'body.func: is required'],
        [{ func: '  ', input: {} }, 'body.func: is required'],
        [{ func: 'return 1', input: [1] }, 'body.input: must be an object of the arguments by name'],
        [
          { func: 'return 1', schema: '{', input: {} },
          'body.schema: is not JSON: write a list of properties or a JSON Schema object',
        ],
        [
          { func: 'return 1', schema: ORDER_SCHEMA, input: { express: true } },
          'body.input: misses "orderId", which the schema requires',
        ],
      ]
      for (const [body, message] of refusals) {
        const res = await test(body)
        expect(res.status, message).toBe(400)
        expect(res.body.message).toBe(message)
      }
    })

    it('stops an endless loop at the time limit while the server goes on answering', async () => {
      const base = await listen(t.app)
      const cookie = [...admin.jar].map(([name, value]) => `${name}=${value}`).join('; ')
      const finished: string[] = []
      const looping = fetch(`${base}/api/v1/tools/test`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ func: 'while (true) {}', input: {} }),
      }).then(async (res) => {
        finished.push('loop')
        return { status: res.status, body: await res.json() }
      })
      const ping = await fetch(`${base}/api/v1/ping`)
      expect(await ping.text()).toBe('pong')
      finished.push('ping')
      expect(await looping).toEqual({ status: 200, body: { error: 'Custom code took longer than 1 s' } })
      expect(finished).toEqual(['ping', 'loop'])
    })
  })
})
