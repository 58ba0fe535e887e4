import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AppContext } from '../context.js'
import { resolveVariables } from '../services/variables.service.js'
import { testDialects } from '../test/dialects.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { addWorkspace, builtInRoleId, createRole, signInMember, switchWorkspace } from '../test/workspace-members.js'

/** resolveVariables needs only the app's database. */
const contextOf = (t: TestApp) => ({ db: t.db }) as AppContext

describe.each(testDialects())('variables on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  beforeEach(async () => {
    t = await startTestApp({ dialect, env: { PLATFORM_TYPE: 'enterprise' } })
    admin = await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  const create = (b: Browser, body: Record<string, unknown>) => b.post('/api/v1/variables', body)

  it('creates, lists, updates and deletes a variable', async () => {
    const me = (await admin.get('/api/v1/user')).body
    const created = await create(admin, { name: 'region', value: 'eu-west' })
    expect(created.status).toBe(201)
    const variable = created.body
    expect(variable).toEqual({
      id: expect.any(String),
      name: 'region',
      value: 'eu-west',
      type: 'static',
      workspaceId: me.activeWorkspaceId,
      createdDate: expect.any(String),
      updatedDate: expect.any(String),
    })
    expect((await admin.get('/api/v1/variables')).body).toEqual([variable])

    const updated = await admin.put(`/api/v1/variables/${variable.id}`, { value: 'us-east' })
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({ id: variable.id, name: 'region', value: 'us-east', type: 'static' })
    expect((await admin.get('/api/v1/variables')).body).toEqual([updated.body])

    expect(await admin.delete(`/api/v1/variables/${variable.id}`)).toMatchObject({
      status: 200,
      body: { id: variable.id },
    })
    expect((await admin.get('/api/v1/variables')).body).toEqual([])
    expect((await admin.put(`/api/v1/variables/${variable.id}`, { value: 'x' })).status).toBe(404)
  })

  it('answers 409 for a name the workspace already has, on create and on rename', async () => {
    await create(admin, { name: 'region', value: 'eu' })
    const other = (await create(admin, { name: 'team', value: 'core' })).body
    const twice = await create(admin, { name: 'region', value: 'us', type: 'runtime' })
    expect(twice.status).toBe(409)
    expect(twice.body.message).toBe('A variable named region already exists in this workspace')
    const renamed = await admin.put(`/api/v1/variables/${other.id}`, { name: 'region' })
    expect(renamed.status).toBe(409)
    expect(renamed.body.message).toBe('A variable named region already exists in this workspace')
    expect((await admin.get('/api/v1/variables')).body.map((v: { name: string }) => v.name)).toEqual(['region', 'team'])
  })

  it('refuses bad input, naming the field, and writes nothing', async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ value: 'x' }, 'body.name: is required'],
      [{ name: '1st', value: 'x' }, 'body.name: must start with a letter or _ and hold only letters, digits and _'],
      [{ name: 'my-var', value: 'x' }, 'body.name: must start with a letter or _ and hold only letters, digits and _'],
      [{ name: 'ok', value: 'x', type: 'secret' }, 'body.type: must be one of static, runtime'],
      [{ name: 'ok', value: 7 }, 'body.value: must be text'],
      [
        { name: 'WEFT_SECRET_KEY', type: 'runtime' },
        'body.name: WEFT_SECRET_KEY is a setting of the Weft server; a runtime variable cannot read it',
      ],
    ]
    for (const [body, message] of refusals) {
      const res = await create(admin, body)
      expect(res.status, message).toBe(400)
      expect(res.body.message).toBe(message)
    }
    expect((await admin.get('/api/v1/variables')).body).toEqual([])

    const kept = (await create(admin, { name: 'DATABASE_URL', value: 'static text is fine' })).body
    const turned = await admin.put(`/api/v1/variables/${kept.id}`, { type: 'runtime' })
    expect(turned.status).toBe(400)
    expect(turned.body.message).toBe(
      'body.name: DATABASE_URL is a setting of the Weft server; a runtime variable cannot read it',
    )
    expect((await admin.get('/api/v1/variables')).body).toEqual([kept])
  })

  it('resolves static values and reads runtime ones from the environment', async () => {
    const me = (await admin.get('/api/v1/user')).body
    await create(admin, { name: 'greeting', value: 'Hello' })
    await create(admin, { name: 'TEST_RUNTIME_SET', value: 'ignored', type: 'runtime' })
    await create(admin, { name: 'TEST_RUNTIME_UNSET', type: 'runtime' })
    process.env.TEST_RUNTIME_SET = 'from the environment'
    delete process.env.TEST_RUNTIME_UNSET
    try {
      expect(await resolveVariables(contextOf(t), me.activeWorkspaceId)).toEqual({
        greeting: 'Hello',
        TEST_RUNTIME_SET: 'from the environment',
        TEST_RUNTIME_UNSET: '',
      })
    } finally {
      delete process.env.TEST_RUNTIME_SET
    }
  })

  it('keeps each workspace’s variables to itself, names included', async () => {
    const me = (await admin.get('/api/v1/user')).body
    const mine = (await create(admin, { name: 'region', value: 'eu' })).body
    const otherId = await addWorkspace(t, admin)

    await switchWorkspace(admin, otherId)
    expect((await admin.get('/api/v1/variables')).body).toEqual([])
    expect((await admin.put(`/api/v1/variables/${mine.id}`, { value: 'taken' })).status).toBe(404)
    expect((await admin.delete(`/api/v1/variables/${mine.id}`)).status).toBe(404)
    expect((await create(admin, { name: 'region', value: 'us' })).status).toBe(201)
    expect(await resolveVariables(contextOf(t), otherId)).toEqual({ region: 'us' })

    await switchWorkspace(admin, me.activeWorkspaceId)
    expect((await admin.get('/api/v1/variables')).body).toEqual([mine])
    expect(await resolveVariables(contextOf(t), me.activeWorkspaceId)).toEqual({ region: 'eu' })
  })

  it('lets a role with view permission list, and refuses writes without the write permissions', async () => {
    const variable = (await create(admin, { name: 'region', value: 'eu' })).body
    const reader = await signInMember(t, admin, await createRole(t, admin, ['variables:view']))
    expect((await reader.get('/api/v1/variables')).body).toEqual([variable])
    expect((await create(reader, { name: 'mine', value: 'x' })).status).toBe(403)
    expect((await reader.put(`/api/v1/variables/${variable.id}`, { value: 'x' })).status).toBe(403)
    expect((await reader.delete(`/api/v1/variables/${variable.id}`)).status).toBe(403)

    const viewer = await signInMember(t, admin, await builtInRoleId(t, 'viewer'))
    expect((await create(viewer, { name: 'mine', value: 'x' })).status).toBe(403)
    expect((await admin.get('/api/v1/variables')).body).toEqual([variable])
  })
})
