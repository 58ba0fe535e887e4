import type { Flow } from '@weft/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { KEY_NOT_BOUND, PRIVATE_WITHOUT_KEY, UNAUTHORIZED_ACCESS } from '../services/flow-access.service.js'
import { testDialects } from '../test/dialects.js'
import { createFlow, templateFlowData } from '../test/flows.js'
import { browser, setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { addWorkspace, createRole, signInMember, switchWorkspace } from '../test/workspace-members.js'

const QUESTION = { question: 'What is Weft?' }
const PLAIN_REFUSAL = { statusCode: 401, error: 'Unauthorized', message: UNAUTHORIZED_ACCESS }

interface CreatedKey {
  id: string
  apiKey: string
  chatFlows: { id: string; name: string; type: string }[]
}

describe.each(testDialects())('binding API keys to flows on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  let anonymous: Browser
  let support: Flow
  let research: Flow
  beforeEach(async () => {
    t = await startTestApp({ dialect, env: { PLATFORM_TYPE: 'enterprise' } })
    admin = await setUpAdmin(t.app)
    anonymous = browser(t.app)
    const flowData = await templateFlowData('Simple LLM Chain')
    support = await createFlow(admin, flowData, { name: 'Support bot' })
    research = await createFlow(admin, flowData, { name: 'Research agent', type: 'AGENTFLOW' })
  })
  afterEach(() => t.close())

  const createKey = async (b: Browser, keyName: string, flowIds?: string[]) =>
    b.post('/api/v1/apikey', { keyName, flowIds })
  const keyOf = async (keyName: string, flowIds?: string[]) =>
    (await createKey(admin, keyName, flowIds)).body as CreatedKey
  const predict = (flowId: string, key?: string) =>
    anonymous.post(`/api/v1/prediction/${flowId}`, QUESTION, key ? { authorization: `Bearer ${key}` } : {})
  const boundKeyOf = async (flowId: string) => (await admin.get(`/api/v1/chatflows/${flowId}`)).body.apikeyid
  const keyNamed = async (keyName: string) =>
    ((await admin.get('/api/v1/apikey')).body as (CreatedKey & { keyName: string })[]).find(
      (key) => key.keyName === keyName,
    )

  it('binds the flows chosen at creation, whose callers the key then lets in', async () => {
    const created = await createKey(admin, 'Website', [support.id, research.id])
    expect(created.status).toBe(201)
    expect(created.body.chatFlows).toEqual([
      { id: research.id, name: 'Research agent', type: 'AGENTFLOW' },
      { id: support.id, name: 'Support bot', type: 'CHATFLOW' },
    ])
    expect(await boundKeyOf(support.id)).toBe(created.body.id)
    expect(await boundKeyOf(research.id)).toBe(created.body.id)

    const answer = await predict(support.id, created.body.apiKey)
    expect(answer.status).toBe(200)
    expect(answer.body.text).toContain('built-in responder')
  })

  it('moves a flow from its old key, unbinds the flows left out, and keeps them when no list is sent', async () => {
    const old = await keyOf('Old', [support.id, research.id])
    const moved = await keyOf('New', [support.id])
    expect(await boundKeyOf(support.id)).toBe(moved.id)
    expect((await keyNamed('Old'))?.chatFlows.map((flow) => flow.name)).toEqual(['Research agent'])
    expect((await predict(support.id, old.apiKey)).body.message).toBe(KEY_NOT_BOUND)

    // Flowise's body, a name alone, renames and leaves the flows bound.
    const renamed = await admin.put(`/api/v1/apikey/${old.id}`, { keyName: 'Older' })
    expect(renamed.body.chatFlows.map((flow: { name: string }) => flow.name)).toEqual(['Research agent'])

    const rebound = await admin.put(`/api/v1/apikey/${old.id}`, { keyName: 'Older', flowIds: [support.id] })
    expect(rebound.status).toBe(200)
    expect(rebound.body.chatFlows.map((flow: { name: string }) => flow.name)).toEqual(['Support bot'])
    expect(await boundKeyOf(research.id)).toBeNull()
    expect(await boundKeyOf(support.id)).toBe(old.id)
    expect((await keyNamed('New'))?.chatFlows).toEqual([])
  })

  it('refuses a flow id that is not of this workspace, naming it, and changes nothing', async () => {
    const otherWorkspace = await addWorkspace(t, admin)
    const me = (await admin.get('/api/v1/user')).body
    await switchWorkspace(admin, otherWorkspace)
    const foreign = await createFlow(admin, support.flowData, { name: 'Foreign' })
    await switchWorkspace(admin, me.activeWorkspaceId)

    for (const flowId of [foreign.id, 'no-such-flow']) {
      const refused = await createKey(admin, 'Mixed', [support.id, flowId])
      expect(refused.status).toBe(400)
      expect(refused.body.message).toBe(`body.flowIds: ${flowId} is not a flow of this workspace`)
    }
    expect((await admin.get('/api/v1/apikey')).body).toEqual([])
    expect(await boundKeyOf(support.id)).toBeNull()

    const kept = await keyOf('Kept', [research.id])
    const update = await admin.put(`/api/v1/apikey/${kept.id}`, {
      keyName: 'Changed',
      flowIds: [support.id, foreign.id],
    })
    expect(update.status).toBe(400)
    expect(update.body.message).toContain(foreign.id)
    expect(await keyNamed('Kept')).toMatchObject({ chatFlows: [{ id: research.id }] })
    expect(await boundKeyOf(support.id)).toBeNull()

    const badList = await admin.post('/api/v1/apikey', { keyName: 'Bad', flowIds: support.id })
    expect(badList.status).toBe(400)
    expect(badList.body.message).toMatch(/^body\.flowIds: /)
  })

  it('binds and unbinds only flows whose type the caller may update', async () => {
    const keysOnly = ['apikeys:view', 'apikeys:create', 'apikeys:update', 'chatflows:view', 'agentflows:view']
    const member = await signInMember(t, admin, await createRole(t, admin, [...keysOnly, 'chatflows:update']))
    const refused = await createKey(member, 'Agents', [support.id, research.id])
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('You do not have permission to change the API key of flow Research agent')
    expect((await admin.get('/api/v1/apikey')).body).toEqual([])

    const chatOnly = (await createKey(member, 'Chat', [support.id])).body as CreatedKey
    expect(await boundKeyOf(support.id)).toBe(chatOnly.id)
    const agentKey = await keyOf('Agent key', [research.id])
    // Leaving an agentflow bound to its key is no change, so the member may still edit that key's chatflows.
    const kept = await member.put(`/api/v1/apikey/${agentKey.id}`, {
      keyName: 'Agent key',
      flowIds: [research.id, support.id],
    })
    expect(kept.status).toBe(200)
    const unbind = await member.put(`/api/v1/apikey/${agentKey.id}`, { keyName: 'Agent key', flowIds: [] })
    expect(unbind.status).toBe(403)
    expect(await boundKeyOf(research.id)).toBe(agentKey.id)
    expect(await boundKeyOf(support.id)).toBe(agentKey.id)
  })

  it('tells a key of the workspace that it is not bound, and a caller without a key that the flow is private', async () => {
    const unbound = await keyOf('Unbound')
    const notBound = await predict(support.id, unbound.apiKey)
    expect(notBound.status).toBe(401)
    expect(notBound.body.message).toBe(KEY_NOT_BOUND)
    expect(KEY_NOT_BOUND).toContain('API Keys page')

    const noKey = await predict(support.id)
    expect(noKey.status).toBe(401)
    expect(noKey.body.message).toBe(PRIVATE_WITHOUT_KEY)
    expect(PRIVATE_WITHOUT_KEY).toMatch(/public.*API key/)

    // Once a key is bound, a caller without one learns nothing about which.
    await keyOf('Bound', [support.id])
    expect((await predict(support.id)).body).toEqual(PLAIN_REFUSAL)
  })

  it('answers a wrong key, or a key of another workspace, with a refusal that says nothing of the flow', async () => {
    const bound = await keyOf('Bound', [research.id])
    const me = (await admin.get('/api/v1/user')).body
    await switchWorkspace(admin, await addWorkspace(t, admin))
    const foreign = await keyOf('Foreign')
    await switchWorkspace(admin, me.activeWorkspaceId)

    for (const flow of [support, research]) {
      for (const key of [foreign.apiKey, `${bound.apiKey}x`, 'flowise-style-key']) {
        const refused = await predict(flow.id, key)
        expect(refused.status).toBe(401)
        expect(refused.body).toEqual(PLAIN_REFUSAL)
      }
    }
    expect((await admin.get(`/api/v1/chatmessage/${support.id}`)).body).toEqual([])
  })
})
