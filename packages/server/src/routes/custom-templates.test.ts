import type { FlowTemplate } from '@weft/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { templateFlow } from '../../../nodes/src/templates/template-flow.js'
import { testDialects } from '../test/dialects.js'
import { createFlow } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { addWorkspace, createRole, signInMember, switchWorkspace } from '../test/workspace-members.js'

type Saved = FlowTemplate & { name: string; badge: string; func?: string | null }

/** An agentflow whose HTTP step holds a typed token and whose model step names a stored credential. */
function agentflowWithSecrets(): string {
  const flow = templateFlow()
  const start = flow.add('startAgentflow', 0, 0)
  const http = flow.add('httpAgentflow', 300, 0, {
    url: 'https://api.example.com/orders',
    authType: 'bearer',
    bearerToken: 'sk-live-secret-token',
  })
  flow.follow(start, http)
  const data = flow.build()
  data.nodes[1]!.data.credential = 'credential-id-1'
  return JSON.stringify(data)
}

const tool = {
  name: 'get_order_status',
  description: 'Looks up an order',
  color: '#249BA8',
  iconSrc: null,
  schema: '[{"property":"orderId","type":"string","description":"Order number","required":true}]',
  func: 'return `Order ${$orderId} ships tomorrow`',
}

describe.each(testDialects())('custom templates on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  beforeEach(async () => {
    t = await startTestApp({ dialect, env: { PLATFORM_TYPE: 'enterprise' } })
    admin = await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  const count = async () =>
    Number((await t.db.selectFrom('custom_templates').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)

  it('saves a flow as a template without its credential or typed secrets, lists it and deletes it', async () => {
    const flow = await createFlow(admin, agentflowWithSecrets(), { type: 'AGENTFLOW', name: 'Order lookup' })
    const saved = await admin.post<Saved>('/api/v1/marketplaces/custom', {
      name: 'Order lookup',
      description: 'Checks an order',
      badge: 'NEW',
      usecases: ['Customer Support'],
      chatflowId: flow.id,
    })
    expect(saved.status).toBe(201)
    expect(saved.body).toMatchObject({
      templateName: 'Order lookup',
      type: 'AgentflowV2',
      badge: 'NEW',
      usecases: ['Customer Support'],
      categories: ['Agent Flows'],
      custom: true,
    })
    expect(saved.body.flowData).not.toContain('sk-live-secret-token')
    expect(saved.body.flowData).not.toContain('credential-id-1')
    expect(JSON.parse(saved.body.flowData).nodes[1].data.inputs.url).toBe('https://api.example.com/orders')

    const list = await admin.get<Saved[]>('/api/v1/marketplaces/custom')
    expect(list.body.map((template) => template.id)).toEqual([saved.body.id])
    expect((await admin.get(`/api/v1/marketplaces/custom/${saved.body.id}`)).body).toEqual(saved.body)

    expect((await admin.delete(`/api/v1/marketplaces/custom/${saved.body.id}`)).status).toBe(200)
    expect((await admin.get<Saved[]>('/api/v1/marketplaces/custom')).body).toEqual([])
    expect((await admin.get(`/api/v1/marketplaces/custom/${saved.body.id}`)).status).toBe(404)
  })

  it('saves a tool as a template, with its fields at the top as Flowise lists them', async () => {
    const saved = await admin.post<Saved>('/api/v1/marketplaces/custom', { name: 'Order status tool', tool })
    expect(saved.status).toBe(201)
    expect(saved.body).toMatchObject({ type: 'Tool', func: tool.func, schema: tool.schema, categories: [] })
    expect(JSON.parse(saved.body.flowData)).toMatchObject({ name: 'get_order_status' })
  })

  it('refuses a save naming no flow or tool, a missing flow, or a bad use case, and saves nothing', async () => {
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ name: 'Nothing' }, 400, /chatflowId or tool is required/],
      [{ name: 'Gone', chatflowId: '00000000-0000-4000-8000-000000000000' }, 404, /not found/],
      [{ name: '', tool }, 400, /name/],
      [{ name: 'Bad', tool, usecases: [''] }, 400, /usecases/],
    ]
    for (const [body, status, message] of cases) {
      const answer = await admin.post<{ message: string }>('/api/v1/marketplaces/custom', body)
      expect(answer.status, JSON.stringify(body)).toBe(status)
      expect(answer.body.message).toMatch(message)
    }
    expect(await count()).toBe(0)
  })

  it('keeps each workspace to its own templates', async () => {
    const saved = await admin.post<Saved>('/api/v1/marketplaces/custom', { name: 'Mine', tool })
    await switchWorkspace(admin, await addWorkspace(t, admin))
    expect((await admin.get<Saved[]>('/api/v1/marketplaces/custom')).body).toEqual([])
    expect((await admin.get(`/api/v1/marketplaces/custom/${saved.body.id}`)).status).toBe(404)
    expect((await admin.delete(`/api/v1/marketplaces/custom/${saved.body.id}`)).status).toBe(404)
    expect(await count()).toBe(1)
  })

  it('lets a member save only what the role allows, and delete only with templates:custom-delete', async () => {
    const flow = await createFlow(admin, agentflowWithSecrets(), { type: 'AGENTFLOW' })
    const role = await createRole(t, admin, ['templates:custom', 'templates:toolexport', 'agentflows:view'])
    const member = await signInMember(t, admin, role)
    expect((await member.post('/api/v1/marketplaces/custom', { name: 'Tool', tool })).status).toBe(201)
    expect((await member.post('/api/v1/marketplaces/custom', { name: 'Flow', chatflowId: flow.id })).status).toBe(403)
    const [saved] = (await member.get<Saved[]>('/api/v1/marketplaces/custom')).body
    expect((await member.delete(`/api/v1/marketplaces/custom/${saved!.id}`)).status).toBe(403)
    expect(await count()).toBe(1)
  })
})
