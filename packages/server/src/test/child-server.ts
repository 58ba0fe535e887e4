import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Kysely } from 'kysely'
import type { Database } from '../db/tables.js'
import { childEnvironment, dropTestSchema, testSchemaName, type TestDialect } from './dialects.js'
import { cookieOf, freePort, killChild, untilAnswers } from './processes.js'

// The real thing for tests of crashes and restarts: the compiled server (`npm test` builds it first)
// in a child process on a data folder of the test's, which the test may kill with SIGKILL and start
// again on the same folder. On SQLite in that folder, or on PostgreSQL in a schema of its own.

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url))
export const CHILD_ADMIN = { email: 'ops@example.com', password: 'correct horse battery' }

export interface ChildServer {
  base: string
  /** Its data folder (WEFT_HOME), for tests that look at what it wrote. */
  home: string
  dialect: TestDialect['name']
  /** Where its data is, for a queue worker on the same data: its database (PostgreSQL) and schema. */
  databaseUrl: string | undefined
  schema: string | undefined
  /** Starts the server (again) on the data folder and waits until it answers. */
  start: () => Promise<void>
  /** Kills it with SIGKILL, as a crash would, if it runs. */
  kill: () => Promise<void>
  /** Signs the first admin in and answers the session's cookie header. */
  signIn: () => Promise<string>
  /** Kills the server and removes its data folder (and its PostgreSQL schema). */
  close: () => Promise<void>
  /** Opens its database, for tests that look at what it stored; the caller destroys it. */
  database: () => Promise<Kysely<Database>>
  /**
   * On PostgreSQL, which several servers may share, a starting server marks as interrupted only the
   * unfinished work no live server can still be doing: answers and agentflow runs older than the
   * run time limit (plus a minute), document store jobs silent for 15 minutes. This makes the work
   * the killed server left an hour older, as if it had been down that long, so that a restart marks
   * it. On SQLite (one server, which marks everything left at its start) it changes nothing.
   */
  backdateUnfinishedWork: () => Promise<void>
}

export interface ChildServerOptions {
  /** A fixed port, when the address must be known before (a redirect URI registered with a provider). */
  port?: number
  /** The first admin, instead of CHILD_ADMIN; signIn signs this one in. */
  admin?: { name?: string; email: string; password: string }
  /** PostgreSQL (in a new schema of its own, WEFT_DATABASE_SCHEMA) instead of SQLite in its data folder. */
  dialect?: TestDialect
}

/**
 * A server on a new data folder of its own (named after `name`), not started yet, on a free port
 * unless `options.port`; `env` adds to or overrides its environment (an edition, a mail server).
 */
export async function childServer(
  name: string,
  env: Record<string, string> = {},
  options: ChildServerOptions = {},
): Promise<ChildServer> {
  const home = mkdtempSync(join(tmpdir(), `weft-${name}-`))
  const base = `http://127.0.0.1:${options.port ?? (await freePort())}`
  const admin = options.admin ?? CHILD_ADMIN
  const postgres = options.dialect?.url
  const schema = postgres ? testSchemaName('test_child') : undefined
  let child: ChildProcess | undefined
  const kill = () => killChild(child)
  const start = async () => {
    const inherited = childEnvironment()
    const started = spawn(process.execPath, [MAIN], {
      env: {
        ...inherited,
        PORT: new URL(base).port,
        HOST: '127.0.0.1',
        WEFT_HOME: home,
        WEFT_PUBLIC_URL: base,
        ...(options.admin?.name === undefined ? {} : { WEFT_ADMIN_NAME: options.admin.name }),
        WEFT_ADMIN_EMAIL: admin.email,
        WEFT_ADMIN_PASSWORD: admin.password,
        WEFT_ALLOWED_PRIVATE_HOSTS: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ...(postgres && schema ? { DATABASE_URL: postgres, WEFT_DATABASE_SCHEMA: schema } : {}),
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    child = started
    await untilAnswers(`${base}/api/v1/ping`, started)
  }
  const signIn = async () => {
    const res = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    })
    if (res.status !== 200) throw new Error(`Sign-in answered ${res.status}`)
    return cookieOf(res)
  }
  const database = async () => {
    const { openDatabase } = await import('../db/connect.js')
    return (await openDatabase({ url: postgres, home, schema })).db
  }
  const backdateUnfinishedWork = async () => {
    if (!postgres) return
    const db = await database()
    const earlier = (iso: string) => new Date(Date.parse(iso) - 60 * 60_000).toISOString()
    try {
      for (const row of await db
        .selectFrom('chat_messages')
        .select(['id', 'created_at'])
        .where('status', '=', 'inProgress')
        .execute()) {
        await db
          .updateTable('chat_messages')
          .set({ created_at: earlier(row.created_at) })
          .where('id', '=', row.id)
          .execute()
      }
      for (const row of await db
        .selectFrom('executions')
        .select(['id', 'created_at', 'updated_at'])
        .where('state', '=', 'INPROGRESS')
        .execute()) {
        await db
          .updateTable('executions')
          .set({ created_at: earlier(row.created_at), updated_at: earlier(row.updated_at) })
          .where('id', '=', row.id)
          .execute()
      }
      for (const row of await db
        .selectFrom('document_store_jobs')
        .select(['id', 'created_at', 'updated_at'])
        .where('status', 'in', ['queued', 'running'])
        .execute()) {
        await db
          .updateTable('document_store_jobs')
          .set({ created_at: earlier(row.created_at), updated_at: earlier(row.updated_at) })
          .where('id', '=', row.id)
          .execute()
      }
    } finally {
      await db.destroy()
    }
  }
  const close = async () => {
    await kill()
    rmSync(home, { recursive: true, force: true })
    if (postgres && schema) await dropTestSchema(postgres, schema)
  }
  return {
    base,
    home,
    dialect: postgres ? 'postgres' : 'sqlite',
    databaseUrl: postgres,
    schema,
    start,
    kill,
    signIn,
    close,
    database,
    backdateUnfinishedWork,
  }
}
