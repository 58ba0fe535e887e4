import type { Flow } from '@weft/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testDialects } from '../test/dialects.js'
import { createFlow, templateFlowData } from '../test/flows.js'
import { browser, setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { addWorkspace, switchWorkspace } from '../test/workspace-members.js'

// Scripts that call the management API with an API key, as Flowise 3 users' scripts do:
// `Authorization: Bearer <key>`, within the key's permissions and its workspace only.

const SCRIPT_PERMISSIONS = ['chatflows:view', 'agentflows:view', 'executions:view']

describe.each(testDialects())('API keys on the management API on $name', (dialect) => {
  for (const platform of ['open source', 'enterprise'] as const) {
    describe(`(${platform})`, () => {
      let t: TestApp
      let admin: Browser
      let flow: Flow
      beforeEach(async () => {
        t = await startTestApp({ dialect, env: { PLATFORM_TYPE: platform } })
        admin = await setUpAdmin(t.app)
        flow = await createFlow(admin, await templateFlowData('Simple LLM Chain'), { name: 'Support bot' })
      })
      afterEach(() => t.close())

      const keyWith = async (permissions: string[], flowIds?: string[]) => {
        const res = await admin.post('/api/v1/apikey', { keyName: 'Script', permissions, flowIds })
        expect(res.status).toBe(201)
        return res.body.apiKey as string
      }
      const call = async (key: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
        const res = await t.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${key}` },
          ...(payload === undefined ? {} : { payload: payload as object }),
        })
        return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined }
      }

      it('lets a script list flows, messages, executions, feedback and leads with a permissioned key', async () => {
        const key = await keyWith(SCRIPT_PERMISSIONS)
        await admin.post(`/api/v1/internal-prediction/${flow.id}`, { question: 'What is Weft?' })

        const flows = await call(key, 'GET', '/api/v1/chatflows')
        expect(flows.status).toBe(200)
        expect(flows.body.map((f: Flow) => f.name)).toEqual(['Support bot'])
        const messages = await call(key, 'GET', `/api/v1/chatmessage/${flow.id}`)
        expect(messages.status).toBe(200)
        expect(messages.body.map((m: { role: string }) => m.role)).toEqual(['userMessage', 'apiMessage'])
        for (const url of ['/api/v1/executions', `/api/v1/feedback/${flow.id}`, `/api/v1/leads/${flow.id}`]) {
          expect((await call(key, 'GET', url)).status, url).toBe(200)
        }
      })

      it('refuses a key where its permissions end: credentials, API keys, changes it was not given', async () => {
        const key = await keyWith(SCRIPT_PERMISSIONS)
        expect((await call(key, 'GET', '/api/v1/credentials')).status).toBe(403)
        expect((await call(key, 'GET', '/api/v1/apikey')).status).toBe(403)
        const made = await call(key, 'POST', '/api/v1/apikey', {
          keyName: 'Escalated',
          permissions: ['credentials:view'],
        })
        expect(made.status).toBe(403)
        expect((await call(key, 'DELETE', `/api/v1/chatflows/${flow.id}`)).status).toBe(403)
        expect((await admin.get(`/api/v1/chatflows/${flow.id}`)).status).toBe(200)
        expect((await admin.get('/api/v1/apikey')).body).toHaveLength(1)
      })

      it('lets a key make keys only when allowed, and never with more than it holds', async () => {
        const key = await keyWith(['apikeys:view', 'apikeys:create', 'chatflows:view'])
        const wider = await call(key, 'POST', '/api/v1/apikey', { keyName: 'Wider', permissions: ['credentials:view'] })
        expect(wider.status).toBe(403)
        expect(wider.body.message).toContain('credentials:view')
        const narrower = await call(key, 'POST', '/api/v1/apikey', {
          keyName: 'Narrower',
          permissions: ['chatflows:view'],
        })
        expect(narrower.status).toBe(201)
        expect(narrower.body.permissions).toEqual(['chatflows:view'])
        const listed = await call(key, 'GET', '/api/v1/apikey')
        expect(listed.body.map((k: { keyName: string }) => k.keyName).sort()).toEqual(['Narrower', 'Script'])
        expect(JSON.stringify(listed.body)).not.toContain(key)
      })

      it('refuses keys on the routes of a person, and on the canvas’s own runs', async () => {
        const key = await keyWith([...SCRIPT_PERMISSIONS, 'chatflows:update'])
        for (const [method, url] of [
          ['GET', '/api/v1/user'],
          ['PUT', '/api/v1/user'],
          ['POST', '/api/v1/account/logout'],
          ['POST', `/api/v1/workspace/switch?id=${flow.workspaceId}`],
          ['POST', `/api/v1/internal-prediction/${flow.id}`],
        ] as const) {
          const res = await call(key, method, url, method === 'GET' ? undefined : { question: 'Hi' })
          expect(res.status, url).toBe(403)
        }
      })

      it('names a permission that is not one, and keeps what a key was given', async () => {
        const res = await admin.post('/api/v1/apikey', { keyName: 'Bad', permissions: ['chatflows:view', 'root'] })
        expect(res.status).toBe(400)
        expect(res.body.message).toContain('root')
        const created = await admin.post('/api/v1/apikey', { keyName: 'Reader', permissions: ['chatflows:view'] })
        const updated = await admin.put(`/api/v1/apikey/${created.body.id}`, {
          keyName: 'Reader',
          permissions: ['chatflows:view', 'credentials:view'],
        })
        expect(updated.body.permissions).toEqual(['chatflows:view', 'credentials:view'])
        expect((await call(created.body.apiKey, 'GET', '/api/v1/credentials')).status).toBe(200)
        // Renaming without permissions leaves them as they are.
        const renamed = await admin.put(`/api/v1/apikey/${created.body.id}`, { keyName: 'Renamed' })
        expect(renamed.body.permissions).toEqual(['chatflows:view', 'credentials:view'])
      })

      it('still runs only the flows a key is bound to, whatever its permissions', async () => {
        const other = await createFlow(admin, flow.flowData, { name: 'Other bot' })
        const key = await keyWith(SCRIPT_PERMISSIONS, [flow.id])
        const anonymous = browser(t.app)
        const auth = { authorization: `Bearer ${key}` }
        expect((await anonymous.post(`/api/v1/prediction/${flow.id}`, { question: 'Hi' }, auth)).status).toBe(200)
        expect((await anonymous.post(`/api/v1/prediction/${other.id}`, { question: 'Hi' }, auth)).status).toBe(401)
      })

      it('answers verify/apikey and chatflows/apikey as Flowise does', async () => {
        const key = await keyWith([], [flow.id])
        const verified = await t.app.inject({ method: 'GET', url: `/api/v1/verify/apikey/${key}` })
        expect(verified.statusCode).toBe(200)
        expect(verified.json()).toBe('OK')
        const wrong = await t.app.inject({ method: 'GET', url: '/api/v1/verify/apikey/wft_not-a-key' })
        expect(wrong.statusCode).toBe(401)
        expect(wrong.json().message).toBe('Unauthorized')

        const bound = await t.app.inject({ method: 'GET', url: `/api/v1/chatflows/apikey/${key}?keyonly=true` })
        expect(bound.statusCode).toBe(200)
        expect(bound.json().map((f: Flow) => f.id)).toEqual([flow.id])
        const refused = await t.app.inject({ method: 'GET', url: '/api/v1/chatflows/apikey/wft_not-a-key' })
        expect(refused.statusCode).toBe(401)
      })
    })
  }

  describe('(enterprise, two workspaces)', () => {
    let t: TestApp
    let admin: Browser
    beforeEach(async () => {
      t = await startTestApp({ dialect, env: { PLATFORM_TYPE: 'enterprise' } })
      admin = await setUpAdmin(t.app)
    })
    afterEach(() => t.close())

    it('never shows a key of workspace A the flows of workspace B', async () => {
      const flowData = await templateFlowData('Simple LLM Chain')
      const mine = await createFlow(admin, flowData, { name: 'Workspace A bot' })
      const keyA = (await admin.post('/api/v1/apikey', { keyName: 'A', permissions: SCRIPT_PERMISSIONS })).body.apiKey
      await switchWorkspace(admin, await addWorkspace(t, admin))
      const theirs = await createFlow(admin, flowData, { name: 'Workspace B bot' })

      const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${keyA}` } })
      const listed = await get('/api/v1/chatflows')
      expect(listed.statusCode).toBe(200)
      expect(listed.json().map((f: Flow) => f.id)).toEqual([mine.id])
      expect((await get(`/api/v1/chatflows/${theirs.id}`)).statusCode).toBe(404)
      expect((await get(`/api/v1/chatmessage/${theirs.id}`)).statusCode).toBe(404)
      expect((await get(`/api/v1/chatflows/apikey/${keyA}`)).json().map((f: Flow) => f.id)).toEqual([mine.id])
    })
  })
})
