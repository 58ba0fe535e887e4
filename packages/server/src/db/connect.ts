import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Dialect, type SqliteDatabase } from 'kysely'
import { ensurePrivateFile, ensurePrivateFolder, tightenIfPresent } from '../data-folder.js'
import { migrations } from './migrations/index.js'
import type { Database } from './tables.js'

export type DialectName = 'sqlite' | 'postgres'

export interface DatabaseOptions {
  /** `postgres://…` for PostgreSQL; absent for SQLite in `home`. */
  url?: string | undefined
  home: string
  /** PostgreSQL schema to use instead of `public` (tests isolate themselves this way). */
  schema?: string | undefined
}

export interface Db {
  db: Kysely<Database>
  dialect: DialectName
}

function sqliteDialect(home: string): Dialect {
  ensurePrivateFolder(home)
  const path = join(home, 'weft.sqlite')
  // SQLite gives its -wal and -shm files the database file's mode; older versions left them wider.
  ensurePrivateFile(path)
  for (const suffix of ['-wal', '-shm']) tightenIfPresent(path + suffix)
  const database = new SQLite(path)
  database.pragma('journal_mode = WAL')
  // In WAL mode NORMAL syncs the log at checkpoints, not at every commit: a commit survives the
  // process crashing (the log is in the OS's hands), and only a power cut can lose the last ones;
  // FULL's sync per commit held the server's thread for each chat message written.
  database.pragma('synchronous = NORMAL')
  database.pragma('foreign_keys = ON')
  database.pragma('busy_timeout = 5000')
  return new SqliteDialect({ database: withStatementCache(database) })
}

const MAX_STATEMENTS = 1000

/**
 * Kysely prepares every query anew; preparing costs more than running most of ours. The same SQL
 * text comes back on every request (values are parameters), so each statement is prepared once.
 * Safe because Weft runs statements to completion (`all`/`run`, never a half-read `iterate`).
 */
function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>()
  return {
    close: () => database.close(),
    prepare(sql) {
      let statement = statements.get(sql)
      if (!statement) {
        statement = database.prepare(sql)
        statements.set(sql, statement)
        if (statements.size > MAX_STATEMENTS) statements.delete(statements.keys().next().value as string)
      }
      return statement
    },
  }
}

/** `pg` is loaded only for PostgreSQL: the embedded default never needs it. */
async function postgresDialect(url: string, schema: string | undefined): Promise<Dialect> {
  const options = schema ? `-c search_path=${schema}` : undefined
  const { default: pg } = await import('pg')
  return new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 10, options }) })
}

/** Opens the database named by the options and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  const dialect: DialectName = options.url ? 'postgres' : 'sqlite'
  const db = new Kysely<Database>({
    dialect: options.url ? await postgresDialect(options.url, options.schema) : sqliteDialect(options.home),
  })
  try {
    if (options.schema) await db.schema.createSchema(options.schema).ifNotExists().execute()
    await migrate(db, options.schema)
  } catch (error) {
    await db.destroy()
    throw error
  }
  return { db, dialect }
}

async function migrate(db: Kysely<Database>, schema: string | undefined): Promise<void> {
  // Named, because Kysely otherwise takes a migration table in any schema of the database (a
  // parallel test run's) as its own.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((result) => result.status === 'Error')
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : ''
    throw new Error(`Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`)
  }
}
