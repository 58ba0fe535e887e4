import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FlowiseClient } from 'flowise-sdk'
import type { Kysely } from 'kysely'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../../../nodes/src/testing/mock-openai-server.js'
import type { AppContext } from '../../context.js'
import type { Database } from '../../db/tables.js'
import { testDialects, type TestDialect } from '../../test/dialects.js'
import { flowiseEncryptionKey, writeFlowisePostgres, writeFlowiseSqlite } from '../../test/flowise-database.js'
import { flowiseFixture, type FlowiseFixture } from '../../test/flowise-fixture.js'
import { listen } from '../../test/flows.js'
import { setUpAdmin, startTestApp, type TestApp } from '../../test/harness.js'
import { commandContext } from './command-context.js'
import { FlowiseSourceError, formatReport, importFlowise, WrongKeyError } from './import-flowise.js'

// A Flowise 3.x database of our own making, migrated into Weft: a Flowise SQLite file into Weft on
// SQLite, a Flowise PostgreSQL schema into Weft on PostgreSQL; then its flow answers Flowise's own
// client with its own API key, and its credential's secret reaches the model.

const TABLES = [
  'flows',
  'credentials',
  'api_keys',
  'tools',
  'variables',
  'assistants',
  'custom_templates',
  'chat_messages',
  'chat_feedback',
  'leads',
  'document_stores',
  'document_store_loaders',
  'document_store_chunks',
  'executions',
] as const

async function rowCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const table of TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    counts[table] = Number(row.n)
  }
  return counts
}

/** The fixture as a Flowise database of the dialect's kind; `drop` removes it. */
async function flowiseDatabase(dialect: TestDialect, fixture: FlowiseFixture) {
  if (dialect.url) return writeFlowisePostgres(dialect.url, fixture.rows)
  const folder = mkdtempSync(join(tmpdir(), 'flowise-'))
  const path = join(folder, 'database.sqlite')
  writeFlowiseSqlite(path, fixture.rows)
  return { url: path, drop: async () => rmSync(folder, { recursive: true, force: true }) }
}

describe.each(testDialects())('import-flowise into Weft on $name', (dialect) => {
  let mock: MockOpenAIServer
  let t: TestApp
  let ctx: AppContext
  let key: string
  let fixture: FlowiseFixture
  let source: { url: string; drop: () => Promise<void> }

  beforeAll(async () => {
    mock = await startMockOpenAI()
  })
  afterAll(() => mock.close())
  beforeEach(async () => {
    t = await startTestApp({ dialect, env: { WEFT_ALLOWED_PRIVATE_HOSTS: new URL(mock.url).host } })
    await setUpAdmin(t.app)
    ctx = commandContext(t.config, t.db, dialect.name)
    key = flowiseEncryptionKey()
    fixture = flowiseFixture(mock.baseURL, key)
    source = await flowiseDatabase(dialect, fixture)
  })
  afterEach(async () => {
    await source.drop()
    await ctx.outbound.close()
    t.app.server.closeAllConnections()
    await t.close()
  })

  it('brings every kind; the flow answers flowise-sdk with its Flowise API key; a second run adds nothing', async () => {
    const report = await importFlowise(ctx, { database: source.url, encryptionKey: `${key}\n` })
    const added = Object.fromEntries(Object.entries(report.counts).map(([kind, c]) => [kind, c.added]))
    expect(added).toEqual({
      chatflows: 1,
      agentflows: 1,
      agentflowsV2: 1,
      assistantFlows: 1,
      assistants: 1,
      tools: 1,
      variables: 1,
      customTemplates: 1,
      credentials: 1,
      apiKeys: 1,
      chatMessages: 3,
      feedback: 1,
      leads: 1,
      documentStores: 1,
      loaders: 1,
      chunks: 1,
      executions: 1,
      other: 0,
    })
    expect(report.leftBehind).toContainEqual(
      expect.objectContaining({
        kind: 'chatMessages',
        reason: expect.stringMatching(/^its flow [0-9a-f-]{36} is neither brought nor in this workspace$/),
      }),
    )
    expect(formatReport(report)).toContain(
      '  Chat messages: 4 records: it belongs to a Flowise evaluation run, which Weft does not keep as a conversation',
    )
    const webhook = await t.db.selectFrom('chat_messages').selectAll().where('chat_id', '=', 'hook-1').execute()
    expect(webhook.map((m) => m.chat_type)).toEqual(['EXTERNAL'])
    expect(report.leftBehind).toContainEqual({
      kind: 'other',
      name: '1 upsert history',
      reason: "this migration does not bring Flowise's upsert history",
    })
    expect(report.leftBehind).toContainEqual({
      kind: 'variables',
      name: 'api-token',
      reason: 'name: must start with a letter or _ and hold only letters, digits and _',
    })
    expect(report.renamed.map((r) => r.kind)).toEqual(['apiKeys'])
    // The chatflow has its key; the others had none, which Flowise leaves open to anyone.
    expect(report.notes.map((n) => n.name)).toEqual(['Research team', 'Triage', 'Helper assistant flow'])
    expect(formatReport(report)).toContain(
      '  Agentflows (V2): Triage: Flowise let anyone call it without an API key; in Weft it is private',
    )
    expect(formatReport(report)).not.toContain(fixture.openAIKey)

    // The flow kept its id, its key and its credential; the store asks for a new upsert.
    const flow = await t.db
      .selectFrom('flows')
      .selectAll()
      .where('id', '=', fixture.ids.chatflow)
      .executeTakeFirstOrThrow()
    expect(flow.apikey_id).toBe(report.renamed[0]!.to)
    const store = await t.db.selectFrom('document_stores').selectAll().executeTakeFirstOrThrow()
    expect(store.status).not.toBe('UPSERTED')

    mock.script({ text: 'Migrated and answering' })
    const baseUrl = await listen(t.app)
    const client = new FlowiseClient({ baseUrl, apiKey: fixture.apiKey })
    const answer = (await client.createPrediction({ chatflowId: fixture.ids.chatflow, question: 'Still there?' })) as {
      text?: string
    }
    expect(answer.text).toBe('Migrated and answering')
    expect(mock.requests.at(-1)?.headers.authorization).toBe(`Bearer ${fixture.openAIKey}`)
    const refused = new FlowiseClient({ baseUrl, apiKey: 'x'.repeat(43) })
    // flowise-sdk answers the refusal's body rather than throwing.
    expect(await refused.createPrediction({ chatflowId: fixture.ids.chatflow, question: 'Hi' })).toMatchObject({
      statusCode: 401,
    })

    // Its permissions came too: the management API lets the key list the flows.
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/chatflows',
      headers: { authorization: `Bearer ${fixture.apiKey}` },
    })
    expect(listed.statusCode).toBe(200)

    const before = await rowCounts(t.db)
    const again = await importFlowise(ctx, { database: source.url, encryptionKey: key })
    expect(Object.values(again.counts).every((c) => c.added === 0)).toBe(true)
    expect(again.counts.chatflows.alreadyThere).toBe(1)
    expect(again.counts.credentials.alreadyThere).toBe(1)
    expect(again.counts.apiKeys.alreadyThere).toBe(1)
    expect(again.counts.chunks.alreadyThere).toBe(1)
    expect(await rowCounts(t.db)).toEqual(before)
  })

  it('gives a flow whose id Weft uses in another workspace a new id, which its executions follow', async () => {
    const first = await t.db.selectFrom('workspaces').selectAll().executeTakeFirstOrThrow()
    const now = new Date().toISOString()
    await t.db
      .insertInto('workspaces')
      .values({ ...first, id: crypto.randomUUID(), name: 'Other', is_default: 0, created_at: now, updated_at: now })
      .execute()
    const other = await t.db.selectFrom('workspaces').select('id').where('name', '=', 'Other').executeTakeFirstOrThrow()
    const flow = await t.db.selectFrom('flows').selectAll().executeTakeFirst()
    expect(flow).toBeUndefined()
    await t.db
      .insertInto('flows')
      .values({
        id: fixture.ids.agentflowV2,
        workspace_id: other.id,
        name: 'Taken',
        type: 'AGENTFLOW',
        flow_data: '{"nodes":[],"edges":[]}',
        deployed: 0,
        is_public: 0,
        category: null,
        chatbot_config: null,
        api_config: null,
        apikey_id: null,
        analytic: null,
        speech_to_text: null,
        follow_up_prompts: null,
        created_at: now,
        updated_at: now,
      })
      .execute()
    const report = await importFlowise(ctx, { database: source.url, encryptionKey: key, workspaceId: first.id })
    const renamed = report.renamed.find((r) => r.kind === 'agentflowsV2')
    expect(renamed).toMatchObject({ name: 'Triage', from: fixture.ids.agentflowV2 })
    expect(formatReport(report)).toContain(`Triage: ${fixture.ids.agentflowV2} → ${renamed!.to}`)
    const execution = await t.db.selectFrom('executions').selectAll().executeTakeFirstOrThrow()
    expect(execution.agentflow_id).toBe(renamed!.to)
    const again = await importFlowise(ctx, { database: source.url, encryptionKey: key, workspaceId: first.id })
    expect(again.counts.agentflowsV2).toEqual({ added: 0, alreadyThere: 1 })
    expect(again.counts.executions).toEqual({ added: 0, alreadyThere: 1 })
  })

  it('refuses a wrong key or a bad path, naming it, and writes nothing', async () => {
    const before = await rowCounts(t.db)
    await expect(importFlowise(ctx, { database: source.url, encryptionKey: flowiseEncryptionKey() })).rejects.toThrow(
      new WrongKeyError(
        'The encryption key does not decrypt any of the 1 credentials of this Flowise database: give the encryption.key ' +
          'file of the same installation (--encryption-key-file) or its FLOWISE_SECRETKEY_OVERWRITE value ' +
          '(--encryption-key). Nothing was imported.',
      ),
    )
    const missing = join(tmpdir(), 'no-such-flowise.sqlite')
    await expect(importFlowise(ctx, { database: missing, encryptionKey: key })).rejects.toThrow(
      new FlowiseSourceError(`No Flowise database at ${missing}: the file does not exist`),
    )
    await expect(
      importFlowise(ctx, { database: 'mysql://root:secret@db/flowise', encryptionKey: key }),
    ).rejects.toThrow(
      'mysql://root@db/flowise: a Flowise on MySQL or MariaDB cannot be read yet; give its SQLite file or a postgres:// URL',
    )
    const folder = mkdtempSync(join(tmpdir(), 'not-flowise-'))
    writeFileSync(join(folder, 'notes.txt'), 'not a database at all, just some text that is long enough')
    await expect(importFlowise(ctx, { database: join(folder, 'notes.txt'), encryptionKey: key })).rejects.toThrow(
      /^Cannot read the Flowise database .*notes\.txt: file is not a database$/,
    )
    rmSync(folder, { recursive: true, force: true })
    await expect(importFlowise(ctx, { database: source.url, encryptionKey: key, workspaceId: 'nope' })).rejects.toThrow(
      'No Weft workspace has the id nope',
    )
    expect(await rowCounts(t.db)).toEqual(before)
  })
})
