import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testDialects } from '../test/dialects.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

const JSON_TYPE = { 'content-type': 'application/json' }

describe.each(testDialects())('JSON requests without a body on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  beforeEach(async () => {
    t = await startTestApp({ dialect })
    admin = await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  // As Flowise's clients send it: the JSON content type, and nothing after it.
  const deleteAsFlowiseClient = (url: string) =>
    t.app.inject({ method: 'DELETE', url, headers: JSON_TYPE, cookies: Object.fromEntries(admin.jar) })

  it('deletes a chatflow and a credential', async () => {
    const flow = (await admin.post('/api/v1/chatflows', { name: 'Support bot', type: 'CHATFLOW' })).body
    const credential = (
      await admin.post('/api/v1/credentials', {
        name: 'OpenAI',
        credentialName: 'openAIApi',
        plainDataObj: { openAIApiKey: 'sk-1' },
      })
    ).body

    expect((await deleteAsFlowiseClient(`/api/v1/chatflows/${flow.id}`)).statusCode).toBe(200)
    expect((await deleteAsFlowiseClient(`/api/v1/credentials/${credential.id}`)).statusCode).toBe(200)
    expect((await admin.get(`/api/v1/chatflows/${flow.id}`)).status).toBe(404)
    expect((await admin.get(`/api/v1/credentials/${credential.id}`)).status).toBe(404)
  })

  it('still refuses a create that needs a body, naming it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chatflows',
      headers: JSON_TYPE,
      cookies: Object.fromEntries(admin.jar),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/^body/)
    expect((await admin.get('/api/v1/chatflows')).body).toEqual([])
  })

  it('still refuses JSON that does not parse', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chatflows',
      headers: JSON_TYPE,
      payload: '{"name":',
      cookies: Object.fromEntries(admin.jar),
    })
    expect(res.statusCode).toBe(400)
  })
})
