import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testDialects } from '../test/dialects.js'
import { createFlow, templateFlowData } from '../test/flows.js'
import { ADMIN, browser, setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { addWorkspace, switchWorkspace } from '../test/workspace-members.js'

describe.each(testDialects())('a flow’s Analytics settings on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  beforeEach(async () => {
    t = await startTestApp({ dialect })
    admin = await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  const credential = async (credentialName: string, plainDataObj: Record<string, string>) =>
    (await admin.post('/api/v1/credentials', { name: credentialName, credentialName, plainDataObj })).body.id as string

  it('saves and answers `analytic` as Flowise does, on create and on update', async () => {
    const langsmith = await credential('langsmithApi', { langSmithApiKey: 'lsv2-key' })
    const analytic = JSON.stringify({
      langSmith: { status: true, credentialId: langsmith, projectName: 'Shop' },
      langFuse: { status: false },
      lunary: { status: false },
    })
    const flow = await createFlow(admin, await templateFlowData('Simple LLM Chain'))
    expect(flow.analytic).toBeNull()
    const saved = await admin.put(`/api/v1/chatflows/${flow.id}`, { analytic })
    expect(saved.status).toBe(200)
    expect(saved.body.analytic).toBe(analytic)
    expect((await admin.get(`/api/v1/chatflows/${flow.id}`)).body.analytic).toBe(analytic)
    expect((await admin.put(`/api/v1/chatflows/${flow.id}`, { name: 'Renamed' })).body.analytic).toBe(analytic)
    expect((await admin.put(`/api/v1/chatflows/${flow.id}`, { analytic: null })).body.analytic).toBeNull()

    const created = await createFlow(admin, await templateFlowData('Simple LLM Chain'), { analytic })
    expect(created.analytic).toBe(analytic)
    // The credential's secret is never part of the setting or its answer.
    expect(JSON.stringify(created)).not.toContain('lsv2-key')
  })

  it('refuses settings it could not use, naming the field, and changes nothing', async () => {
    const openai = await credential('openAIApi', { openAIApiKey: 'sk-1' })
    const flow = await createFlow(admin, await templateFlowData('Simple LLM Chain'))
    const refusals: [string, string][] = [
      ['not json', 'body.analytic: must be JSON text of an object, or null'],
      ['[1]', 'body.analytic: must be JSON text of an object, or null'],
      [JSON.stringify({ langSmith: { status: 'on' } }), 'body.analytic: langSmith.status must be true or false'],
      [
        JSON.stringify({ langFuse: { status: true } }),
        'body.analytic: langFuse.credentialId is required while Langfuse is on',
      ],
      [
        JSON.stringify({ openTelemetry: { status: true, credentialId: 'no-such-credential' } }),
        'body.analytic: openTelemetry.credentialId: no credential of this workspace has that id',
      ],
      [
        JSON.stringify({ arizePhoenix: { status: true, credentialId: openai } }),
        'body.analytic: arizePhoenix.credentialId: Arize Phoenix takes a arizePhoenixApi credential, not openAIApi',
      ],
    ]
    for (const [analytic, message] of refusals) {
      const res = await admin.put(`/api/v1/chatflows/${flow.id}`, { analytic, name: 'Changed' })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(message)
    }
    expect((await admin.get(`/api/v1/chatflows/${flow.id}`)).body).toEqual(flow)
  })

  it('does not let a flow trace with another workspace’s credential', async () => {
    const flow = await createFlow(admin, await templateFlowData('Simple LLM Chain'))
    // The admin, signed in a second time, saves a credential in another workspace of the organization.
    const elsewhere = browser(t.app)
    await elsewhere.post('/api/v1/auth/login', { email: ADMIN.email, password: ADMIN.password })
    await switchWorkspace(elsewhere, await addWorkspace(t, admin))
    const foreign = await elsewhere.post('/api/v1/credentials', {
      name: 'Other team',
      credentialName: 'langsmithApi',
      plainDataObj: { langSmithApiKey: 'lsv2-other' },
    })
    expect(foreign.status).toBe(201)
    const res = await admin.put(`/api/v1/chatflows/${flow.id}`, {
      analytic: JSON.stringify({ langSmith: { status: true, credentialId: foreign.body.id } }),
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('body.analytic: langSmith.credentialId: no credential of this workspace has that id')
  })
})
