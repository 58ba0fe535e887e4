import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { REDACTED_SECRET } from '@weft/core'
import { credentialTypes } from '@weft/nodes'
import { buildApp } from '../app.js'
import { loadKeys } from '../auth/secrets.js'
import { loadConfig } from '../config.js'
import type { AppContext } from '../context.js'
import { readCredentialData } from '../services/credentials.service.js'
import { dropTestSchema, testDialects, testSchemaName } from '../test/dialects.js'
import { setUpAdmin, startTestApp, TEST_SECRET, type Browser, type TestApp } from '../test/harness.js'
import { addWorkspace, builtInRoleId, createRole, signInMember, switchWorkspace } from '../test/workspace-members.js'

const OPENAI_KEY = 'sk-live-0penAI-secret-value-1234'
const DB_PASSWORD = 'pg-pa55word-that-must-stay-hidden'

/** The two services' needs of the app: its database and its keys, derived as the app derives them. */
const contextOf = (t: TestApp) => ({ db: t.db, keys: loadKeys(t.config.home, t.config.secretKey) }) as AppContext

describe.each(testDialects())('credentials on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  beforeEach(async () => {
    t = await startTestApp({ dialect, env: { PLATFORM_TYPE: 'enterprise' } })
    admin = await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  const createOpenAI = (b: Browser, plainDataObj: Record<string, string> = { openAIApiKey: OPENAI_KEY }) =>
    b.post('/api/v1/credentials', { name: 'OpenAI prod', credentialName: 'openAIApi', plainDataObj })
  const createPostgres = (b: Browser) =>
    b.post('/api/v1/credentials', {
      name: 'Warehouse',
      credentialName: 'PostgresApi',
      plainDataObj: { user: 'reader', password: DB_PASSWORD },
    })

  it('creates, lists, reads redacted, updates and deletes a credential', async () => {
    const me = (await admin.get('/api/v1/user')).body
    const created = await createOpenAI(admin)
    expect(created.status).toBe(201)
    const credential = created.body
    expect(credential).toEqual({
      id: expect.any(String),
      name: 'OpenAI prod',
      credentialName: 'openAIApi',
      workspaceId: me.activeWorkspaceId,
      createdDate: expect.any(String),
      updatedDate: expect.any(String),
    })

    expect((await admin.get('/api/v1/credentials')).body).toEqual([credential])
    expect((await admin.get(`/api/v1/credentials/${credential.id}`)).body).toEqual({
      ...credential,
      plainDataObj: { openAIApiKey: REDACTED_SECRET },
    })
    expect(await readCredentialData(contextOf(t), me.activeWorkspaceId, credential.id)).toEqual({
      openAIApiKey: OPENAI_KEY,
    })

    const renamed = await admin.put(`/api/v1/credentials/${credential.id}`, { name: 'OpenAI staging' })
    expect(renamed.status).toBe(200)
    expect(renamed.body).toMatchObject({
      id: credential.id,
      name: 'OpenAI staging',
      createdDate: credential.createdDate,
    })
    const replaced = await admin.put(`/api/v1/credentials/${credential.id}`, {
      plainDataObj: { openAIApiKey: 'sk-new' },
    })
    expect(replaced.status).toBe(200)
    expect(await readCredentialData(contextOf(t), me.activeWorkspaceId, credential.id)).toEqual({
      openAIApiKey: 'sk-new',
    })

    expect(await admin.delete(`/api/v1/credentials/${credential.id}`)).toMatchObject({
      status: 200,
      body: { id: credential.id },
    })
    expect((await admin.get(`/api/v1/credentials/${credential.id}`)).status).toBe(404)
    expect((await admin.delete(`/api/v1/credentials/${credential.id}`)).status).toBe(404)
    expect((await admin.get('/api/v1/credentials')).body).toEqual([])
    await expect(readCredentialData(contextOf(t), me.activeWorkspaceId, credential.id)).rejects.toThrow(
      'Credential not found',
    )
  })

  it('shows plain fields, redacts only password fields, and keeps a secret sent back redacted', async () => {
    const me = (await admin.get('/api/v1/user')).body
    const { id } = (await createPostgres(admin)).body
    const read = (await admin.get(`/api/v1/credentials/${id}`)).body
    expect(read.plainDataObj).toEqual({ user: 'reader', password: REDACTED_SECRET })

    // What the edit dialog sends back after changing the user name only.
    const updated = await admin.put(`/api/v1/credentials/${id}`, {
      name: 'Warehouse',
      credentialName: 'PostgresApi',
      plainDataObj: { ...read.plainDataObj, user: 'writer' },
    })
    expect(updated.status).toBe(200)
    expect(await readCredentialData(contextOf(t), me.activeWorkspaceId, id)).toEqual({
      user: 'writer',
      password: DB_PASSWORD,
    })
  })

  it('asks for the secret again when the address it is sent to changes, so a stored key cannot be redirected', async () => {
    const me = (await admin.get('/api/v1/user')).body
    const created = await admin.post('/api/v1/credentials', {
      name: 'OpenAI',
      credentialName: 'openAIApi',
      plainDataObj: { openAIApiKey: 'sk-real-key', openAIApiBasePath: '' },
    })
    const id = created.body.id
    const moved = await admin.put(`/api/v1/credentials/${id}`, {
      plainDataObj: { openAIApiKey: REDACTED_SECRET, openAIApiBasePath: 'https://attacker.example/v1' },
    })
    expect(moved.status).toBe(400)
    expect(moved.body.message).toBe(
      'body.plainDataObj.openAIApiKey: enter it again: openAIApiBasePath changed, and the stored secret is only kept for the same settings',
    )
    expect(await readCredentialData(contextOf(t), me.activeWorkspaceId, id)).toEqual({
      openAIApiKey: 'sk-real-key',
      openAIApiBasePath: '',
    })
    // With the key typed again, the owner may point it elsewhere; a rename keeps the key as before.
    const retyped = await admin.put(`/api/v1/credentials/${id}`, {
      plainDataObj: { openAIApiKey: 'sk-other-key', openAIApiBasePath: 'https://proxy.example/v1' },
    })
    expect(retyped.status).toBe(200)
    const renamed = await admin.put(`/api/v1/credentials/${id}`, {
      name: 'Proxy',
      plainDataObj: { openAIApiKey: REDACTED_SECRET, openAIApiBasePath: 'https://proxy.example/v1' },
    })
    expect(renamed.status).toBe(200)
    expect(await readCredentialData(contextOf(t), me.activeWorkspaceId, id)).toEqual({
      openAIApiKey: 'sk-other-key',
      openAIApiBasePath: 'https://proxy.example/v1',
    })
  })

  it('leaves an empty optional secret empty, since it hides nothing', async () => {
    const created = await admin.post('/api/v1/credentials', {
      name: 'Local Ollama',
      credentialName: 'openAICompatibleApi',
      plainDataObj: { apiKey: '' },
    })
    expect(created.status).toBe(201)
    expect((await admin.get(`/api/v1/credentials/${created.body.id}`)).body.plainDataObj).toEqual({ apiKey: '' })
  })

  it('filters the list by one type, a comma-separated list or repeated types', async () => {
    await createOpenAI(admin)
    await createPostgres(admin)
    await admin.post('/api/v1/credentials', {
      name: 'Claude',
      credentialName: 'anthropicApi',
      plainDataObj: { anthropicApiKey: 'sk-ant' },
    })
    const names = async (query: string) =>
      (await admin.get(`/api/v1/credentials${query}`)).body.map((c: { name: string }) => c.name)
    expect(await names('')).toEqual(['Claude', 'OpenAI prod', 'Warehouse'])
    expect(await names('?credentialName=openAIApi')).toEqual(['OpenAI prod'])
    expect(await names('?credentialName=openAIApi,anthropicApi')).toEqual(['Claude', 'OpenAI prod'])
    expect(await names('?credentialName=PostgresApi&credentialName=anthropicApi')).toEqual(['Claude', 'Warehouse'])
    expect(await names('?credentialName=unknownApi')).toEqual([])
  })

  it('refuses bad input, naming the field, and writes nothing', async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ name: ' ', credentialName: 'openAIApi', plainDataObj: {} }, 'body.name: is required'],
      [
        { name: 'Key', credentialName: 'madeUpApi', plainDataObj: { key: OPENAI_KEY } },
        'body.credentialName: "madeUpApi" is not a known credential type',
      ],
      [
        { name: 'Key', credentialName: 'openAIApi', plainDataObj: { openAIApiKey: OPENAI_KEY, basePath: 'x' } },
        'body.plainDataObj.basePath: is not a field of openAIApi',
      ],
      [{ name: 'Key', credentialName: 'openAIApi', plainDataObj: {} }, 'body.plainDataObj.openAIApiKey: is required'],
      [
        { name: 'Key', credentialName: 'PostgresApi', plainDataObj: { user: 'reader', password: '' } },
        'body.plainDataObj.password: is required',
      ],
      [
        { name: 'Key', credentialName: 'openAIApi', plainDataObj: { openAIApiKey: 42 } },
        'body.plainDataObj.openAIApiKey: must be text',
      ],
      [
        { name: 'Key', credentialName: 'openAIApi', plainDataObj: { openAIApiKey: REDACTED_SECRET } },
        'body.plainDataObj.openAIApiKey: is the redacted placeholder, not a value',
      ],
    ]
    for (const [body, message] of refusals) {
      const res = await admin.post('/api/v1/credentials', body)
      expect(res.status, message).toBe(400)
      expect(res.body.message).toBe(message)
      expect(JSON.stringify(res.body)).not.toContain(OPENAI_KEY)
    }
    expect((await admin.get('/api/v1/credentials')).body).toEqual([])

    const me = (await admin.get('/api/v1/user')).body
    const { id } = (await createPostgres(admin)).body
    const updateRefusals: [Record<string, unknown>, string][] = [
      [{ credentialName: 'openAIApi' }, 'body.credentialName: a credential cannot change its type'],
      [
        { plainDataObj: { user: 'x', password: REDACTED_SECRET, host: 'db' } },
        'body.plainDataObj.host: is not a field of PostgresApi',
      ],
      [{ name: 'Renamed', plainDataObj: { user: 'x' } }, 'body.plainDataObj.password: is required'],
    ]
    for (const [body, message] of updateRefusals) {
      const res = await admin.put(`/api/v1/credentials/${id}`, body)
      expect(res.status, message).toBe(400)
      expect(res.body.message).toBe(message)
    }
    expect((await admin.get(`/api/v1/credentials/${id}`)).body.name).toBe('Warehouse')
    expect(await readCredentialData(contextOf(t), me.activeWorkspaceId, id)).toEqual({
      user: 'reader',
      password: DB_PASSWORD,
    })
  })

  it('keeps each workspace’s credentials to itself, for the API and for the engine', async () => {
    const me = (await admin.get('/api/v1/user')).body
    const mine = (await createOpenAI(admin)).body
    const otherId = await addWorkspace(t, admin)

    await switchWorkspace(admin, otherId)
    expect((await admin.get('/api/v1/credentials')).body).toEqual([])
    expect((await admin.get(`/api/v1/credentials/${mine.id}`)).status).toBe(404)
    expect((await admin.put(`/api/v1/credentials/${mine.id}`, { name: 'Taken' })).status).toBe(404)
    expect((await admin.delete(`/api/v1/credentials/${mine.id}`)).status).toBe(404)
    await expect(readCredentialData(contextOf(t), otherId, mine.id)).rejects.toThrow('Credential not found')

    await switchWorkspace(admin, me.activeWorkspaceId)
    expect((await admin.get('/api/v1/credentials')).body).toEqual([mine])
  })

  it('lets a role with view permission read, and refuses writes without the write permissions', async () => {
    const { id } = (await createOpenAI(admin)).body
    const reader = await signInMember(t, admin, await createRole(t, admin, ['credentials:view']))
    expect((await reader.get('/api/v1/credentials')).body).toHaveLength(1)
    expect((await reader.get(`/api/v1/credentials/${id}`)).body.plainDataObj).toEqual({ openAIApiKey: REDACTED_SECRET })
    expect((await createOpenAI(reader)).status).toBe(403)
    expect((await reader.put(`/api/v1/credentials/${id}`, { name: 'Mine' })).status).toBe(403)
    expect((await reader.delete(`/api/v1/credentials/${id}`)).status).toBe(403)

    const viewer = await signInMember(t, admin, await builtInRoleId(t, 'viewer'))
    expect((await viewer.get('/api/v1/credentials')).status).toBe(403)
    expect((await createOpenAI(viewer)).status).toBe(403)
    expect((await admin.get(`/api/v1/credentials/${id}`)).body.name).toBe('OpenAI prod')
  })

  it('never answers a stored secret, and stores it encrypted', async () => {
    const { id } = (await createOpenAI(admin)).body
    const pg = (await createPostgres(admin)).body
    const answers = [
      await admin.get('/api/v1/credentials'),
      await admin.get(`/api/v1/credentials/${id}`),
      await admin.get(`/api/v1/credentials/${pg.id}`),
      await admin.put(`/api/v1/credentials/${id}`, {
        name: 'Renamed',
        plainDataObj: { openAIApiKey: REDACTED_SECRET },
      }),
      await admin.put(`/api/v1/credentials/${pg.id}`, {
        plainDataObj: { user: 'u', password: REDACTED_SECRET, x: 'y' },
      }),
      await admin.delete(`/api/v1/credentials/${pg.id}`),
    ]
    for (const answer of answers) {
      expect(JSON.stringify(answer.body)).not.toContain(OPENAI_KEY)
      expect(JSON.stringify(answer.body)).not.toContain(DB_PASSWORD)
    }
    const rows = await t.db.selectFrom('credentials').select('encrypted_data').execute()
    for (const row of rows) {
      expect(row.encrypted_data).toMatch(/^v1:/)
      expect(row.encrypted_data).not.toContain(OPENAI_KEY)
    }
  })

  it('lists the credential types of the node catalogue, and one by name', async () => {
    const all = await admin.get('/api/v1/components-credentials')
    expect(all.status).toBe(200)
    expect(all.body.map((type: { name: string }) => type.name)).toEqual(credentialTypes.map((type) => type.name))
    const openAI = await admin.get('/api/v1/components-credentials/openAIApi')
    expect(openAI.body).toMatchObject({
      name: 'openAIApi',
      inputs: [
        { name: 'openAIApiKey', type: 'password' },
        { name: 'openAIApiBasePath', type: 'string' },
      ],
    })
    expect((await admin.get('/api/v1/components-credentials/madeUpApi')).status).toBe(404)
    const viewer = await signInMember(t, admin, await builtInRoleId(t, 'viewer'))
    expect((await viewer.get('/api/v1/components-credentials')).status).toBe(200)
  })
})

/** Collects every line the app logs; pino writes JSON lines to the stream it was built with. */
function captureLog(app: FastifyInstance): string[] {
  const lines: string[] = []
  // The app's logger is built inside buildApp; its destination is reached through pino's own symbol.
  const streamSymbol = Object.getOwnPropertySymbols(app.log).find((symbol) => symbol.description === 'pino.stream')
  if (!streamSymbol) throw new Error('pino stream not found: the logger changed')
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString())
      done()
    },
  })
  ;(app.log as unknown as Record<symbol, unknown>)[streamSymbol] = sink
  return lines
}

describe.each(testDialects())('secrets in the server log on $name', (dialect) => {
  let home: string
  let schema: string | undefined
  let app: FastifyInstance
  beforeEach(async () => {
    home = mkdtempSync(join(tmpdir(), 'weft-test-'))
    schema = dialect.url ? testSchemaName() : undefined
    const database = dialect.url && schema ? { DATABASE_URL: dialect.url, WEFT_DATABASE_SCHEMA: schema } : {}
    app = await buildApp(loadConfig({ WEFT_HOME: home, WEFT_SECRET_KEY: TEST_SECRET, LOG_LEVEL: 'trace', ...database }))
  })
  afterEach(async () => {
    await app.close()
    rmSync(home, { recursive: true, force: true })
    if (dialect.url && schema) await dropTestSchema(dialect.url, schema)
  })

  it('never holds a credential’s data or an API key, even at trace level', async () => {
    const admin = await setUpAdmin(app)
    const log = captureLog(app)

    const created = await admin.post('/api/v1/credentials', {
      name: 'OpenAI',
      credentialName: 'openAIApi',
      plainDataObj: { openAIApiKey: OPENAI_KEY },
    })
    await admin.get(`/api/v1/credentials/${created.body.id}`)
    await admin.put(`/api/v1/credentials/${created.body.id}`, { plainDataObj: { openAIApiKey: `${OPENAI_KEY}-2` } })
    await admin.post('/api/v1/credentials', {
      name: 'Bad',
      credentialName: 'openAIApi',
      plainDataObj: { openAIApiKey: OPENAI_KEY, extra: DB_PASSWORD },
    })
    const apiKey = (await admin.post('/api/v1/apikey', { keyName: 'CI' })).body.apiKey as string
    await admin.get('/api/v1/apikey')

    expect(log.some((line) => line.includes('incoming request'))).toBe(true)
    const text = log.join('')
    expect(text).not.toContain(OPENAI_KEY)
    expect(text).not.toContain(DB_PASSWORD)
    expect(text).not.toContain(apiKey)
  })
})
