import { realpath } from 'node:fs/promises'
import { dirname, isAbsolute, join, relative, resolve, sep, basename } from 'node:path'
import { failure } from '@weft/core'
import Database from 'better-sqlite3'
import type { RunScope } from '../define-node.js'
import { chooseTcpAddress } from '../net/outbound-tcp.js'

// The databases the SQL Database Chain reads: a SQLite file inside the workspace's data, opened
// read-only, or a PostgreSQL server the outbound guard allows, read in a read-only transaction.

export type Rows = Record<string, unknown>[]

export interface SqlDatabase {
  dialect: 'SQLite' | 'PostgreSQL'
  tables: () => Promise<string[]>
  columns: (table: string) => Promise<{ name: string; type: string }[]>
  /** Runs one checked SELECT, at most `limit` rows. */
  select: (sql: string, limit: number) => Promise<Rows>
  close: () => Promise<void>
}

const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`

/** A query text that reads no more than `limit` rows of `sql` (checked before to be one SELECT). */
const limited = (sql: string, limit: number) => `SELECT * FROM (${sql}\n) AS weft_result LIMIT ${limit}`

/**
 * The folder SQLite files may be read from: WEFT_SQLITE_FOLDER when the administrator set one,
 * otherwise the workspace's own `databases` folder beside its vectors in the data folder.
 */
export function sqliteFolderOf(scope: RunScope): string | undefined {
  const configured = process.env.WEFT_SQLITE_FOLDER
  if (configured) return resolve(configured)
  if (!scope.vectorFolder) return undefined
  return join(dirname(dirname(scope.vectorFolder)), 'databases', basename(scope.vectorFolder))
}

/**
 * The real path of `given` when it lies inside `folder` (links followed); otherwise an error of the
 * flow's configuration (422) that names the path as given, never the server's folder.
 */
async function pathInside(folder: string, given: string): Promise<string> {
  const outside = failure(
    'configuration',
    `The SQLite file must be inside the workspace's database folder; give a path relative to it, not ${given}.`,
  )
  const wanted = isAbsolute(given) ? given : join(folder, given)
  const [realFolder, realFile] = await Promise.all([
    realpath(folder).catch(() => undefined),
    realpath(wanted).catch(() => undefined),
  ])
  const missing = failure(
    'configuration',
    `There is no SQLite file ${given} in the workspace's database folder: put it there first (WEFT_SQLITE_FOLDER names it when an administrator set one).`,
  )
  if (!realFolder) throw isAbsolute(given) ? outside : missing
  if (!realFile) throw missing
  const inside = relative(realFolder, realFile)
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside) || inside.split(sep)[0] === '..') throw outside
  return realFile
}

export async function openSqlite(path: string, scope: RunScope): Promise<SqlDatabase> {
  const folder = sqliteFolderOf(scope)
  if (!folder)
    throw failure('configuration', 'SQLite files cannot be read here: this run has no workspace data folder.')
  const file = await pathInside(folder, path)
  const db = new Database(file, { readonly: true, fileMustExist: true })
  db.pragma('query_only = ON')
  return {
    dialect: 'SQLite',
    tables: async () =>
      (
        db
          .prepare(
            "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name",
          )
          .all() as { name: string }[]
      ).map((row) => row.name),
    columns: async (table) =>
      (db.prepare(`PRAGMA table_info(${quoteName(table)})`).all() as { name: string; type: string }[]).map(
        ({ name, type }) => ({ name, type: type || 'ANY' }),
      ),
    select: async (sql, limit) => {
      const rows: Rows = []
      for (const row of db.prepare(limited(sql, limit)).iterate()) {
        rows.push(row as Record<string, unknown>)
        if (rows.length >= limit) break
      }
      return rows
    },
    close: async () => void db.close(),
  }
}

/** Connects to the URL's server by the address the outbound guard allowed, never resolving it again. */
export async function openPostgres(url: string, scope: RunScope): Promise<SqlDatabase> {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new Error('Connection URL is not a URL: write it as postgres://user:password@host:5432/database.')
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:')
    throw new Error('Connection URL must start with postgres:// for a PostgreSQL database.')
  const port = parsed.port ? Number(parsed.port) : 5432
  const host = parsed.hostname
  const address = await chooseTcpAddress(scope.fetch, host, port)
  const password = decodeURIComponent(parsed.password)
  const { default: pg } = await import('pg')
  const client = new pg.Client({
    host: address,
    port,
    database: decodeURIComponent(parsed.pathname.replace(/^\//, '')) || undefined,
    user: decodeURIComponent(parsed.username) || undefined,
    password: () => password,
    connectionTimeoutMillis: 10_000,
  })
  // A connection that breaks (server restart) must not take the process with it.
  client.on('error', () => {})
  await client.connect()
  const readOnly = async <T>(work: () => Promise<T>): Promise<T> => {
    await client.query('BEGIN')
    try {
      await client.query('SET TRANSACTION READ ONLY')
      await client.query("SET LOCAL statement_timeout = '30s'")
      return await work()
    } finally {
      await client.query('ROLLBACK').catch(() => {})
    }
  }
  return {
    dialect: 'PostgreSQL',
    tables: () =>
      readOnly(async () =>
        (
          await client.query<{ table_name: string }>(
            'SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name',
          )
        ).rows.map((row) => row.table_name),
      ),
    columns: (table) =>
      readOnly(async () =>
        (
          await client.query<{ column_name: string; data_type: string }>(
            'SELECT column_name, data_type FROM information_schema.columns ' +
              'WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position',
            [table],
          )
        ).rows.map((row) => ({ name: row.column_name, type: row.data_type })),
      ),
    select: (sql, limit) => readOnly(async () => (await client.query(limited(sql, limit))).rows as Rows),
    close: () => client.end(),
  }
}

/** Sample rows of a table, for the model to see what the values look like. */
export async function sampleRows(db: SqlDatabase, table: string, count: number): Promise<Rows> {
  return count > 0 ? db.select(`SELECT * FROM ${quoteName(table)}`, count) : []
}
