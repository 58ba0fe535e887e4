import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { dropTestSchema, testDialects, testSchemaName, type TestDialect } from '../test/dialects.js'
import { workspaceRepository } from './workspace-repository.js'

interface NotesDb {
  notes: { id: string; workspace_id: string; text: string }
}

describe.each(testDialects())('workspace-scoped repository on $name', (dialect: TestDialect) => {
  let db: Kysely<NotesDb>
  let schema: string | undefined
  beforeEach(async () => {
    schema = dialect.url ? testSchemaName() : undefined
    db = new Kysely<NotesDb>({
      dialect:
        dialect.url && schema
          ? new PostgresDialect({
              pool: new pg.Pool({ connectionString: dialect.url, max: 2, options: `-c search_path=${schema}` }),
            })
          : new SqliteDialect({ database: new SQLite(':memory:') }),
    })
    if (schema) await db.schema.createSchema(schema).execute()
    await db.schema
      .createTable('notes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('workspace_id', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .execute()
  })
  afterEach(async () => {
    await db.destroy()
    if (dialect.url && schema) await dropTestSchema(dialect.url, schema)
  })

  const mine = { workspaceId: 'ws-a' }
  const theirs = { workspaceId: 'ws-b' }

  it('stamps inserts with the scope and lists only its own rows', async () => {
    const notes = workspaceRepository(db, 'notes')
    const row = await notes.insert(mine, { id: 'n1', text: 'hello' })
    expect(row).toEqual({ id: 'n1', workspace_id: 'ws-a', text: 'hello' })
    await notes.insert(theirs, { id: 'n2', text: 'secret' })
    expect((await notes.list(mine)).map((n) => n.id)).toEqual(['n1'])
  })

  it('treats another workspace’s row as missing for find, update and remove', async () => {
    const notes = workspaceRepository(db, 'notes')
    await notes.insert(theirs, { id: 'n2', text: 'secret' })
    expect(await notes.find(mine, 'n2')).toBeUndefined()
    expect(await notes.update(mine, 'n2', { text: 'hacked' })).toBeUndefined()
    expect(await notes.remove(mine, 'n2')).toBe(false)
    expect(await notes.find(theirs, 'n2')).toEqual({ id: 'n2', workspace_id: 'ws-b', text: 'secret' })
  })

  it('updates and removes its own rows', async () => {
    const notes = workspaceRepository(db, 'notes')
    await notes.insert(mine, { id: 'n1', text: 'hello' })
    expect(await notes.update(mine, 'n1', { text: 'bye' })).toMatchObject({ text: 'bye' })
    expect(await notes.remove(mine, 'n1')).toBe(true)
    expect(await notes.list(mine)).toEqual([])
  })
})
