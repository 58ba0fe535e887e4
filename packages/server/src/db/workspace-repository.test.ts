import SQLite from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { workspaceRepository } from './workspace-repository.js'

interface NotesDb {
  notes: { id: string; workspace_id: string; text: string }
}

describe('workspace-scoped repository', () => {
  let db: Kysely<NotesDb>
  beforeEach(async () => {
    db = new Kysely<NotesDb>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) })
    await db.schema
      .createTable('notes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('workspace_id', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .execute()
  })
  afterEach(() => db.destroy())

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
