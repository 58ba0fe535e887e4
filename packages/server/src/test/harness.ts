import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance, InjectOptions } from 'fastify'
import type { Kysely } from 'kysely'
import pg from 'pg'
import { buildApp, type BuildOptions } from '../app.js'
import { loadConfig, type Config } from '../config.js'
import { openDatabase } from '../db/connect.js'
import type { Database } from '../db/tables.js'
import type { TestDialect } from './dialects.js'

export const TEST_SECRET = 'test-secret-key-0123456789'

export interface TestAppOptions {
  dialect: TestDialect
  env?: Record<string, string>
  /** A folder holding a built web app (at least an index.html) to serve. */
  webRoot?: string
  build?: BuildOptions
}

export interface TestApp {
  app: FastifyInstance
  config: Config
  /** A second handle on the app's database, for set-ups the API cannot make yet. */
  db: Kysely<Database>
  /** The app's PostgreSQL schema (undefined on SQLite), for a second app on the same data (a queue worker). */
  schema: string | undefined
  close(): Promise<void>
}

/** The whole app on a fresh database of the given dialect (a temp folder, or a new PostgreSQL schema). */
export async function startTestApp({ dialect, env = {}, webRoot, build = {} }: TestAppOptions): Promise<TestApp> {
  const home = mkdtempSync(join(tmpdir(), 'weft-test-'))
  const schema = dialect.url ? `test_${randomBytes(6).toString('hex')}` : undefined
  const config = loadConfig(
    {
      WEFT_HOME: home,
      WEFT_SECRET_KEY: TEST_SECRET,
      LOG_LEVEL: 'silent',
      ...(dialect.url && schema ? { DATABASE_URL: dialect.url, WEFT_DATABASE_SCHEMA: schema } : {}),
      ...env,
    },
    webRoot,
  )
  const app = await buildApp(config, { ...build, databaseSchema: schema, logger: false })
  const { db } = await openDatabase({ url: config.databaseUrl, home, schema })
  return {
    app,
    config,
    db,
    schema,
    async close() {
      await db.destroy()
      await app.close()
      rmSync(home, { recursive: true, force: true })
      if (dialect.url && schema) {
        const client = new pg.Client({ connectionString: dialect.url })
        await client.connect()
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
        await client.end()
      }
    },
  }
}

interface Reply<T> {
  status: number
  body: T
  cookies: Record<string, string>
}

/** A browser-like client over `inject`: it keeps the cookies the server sets and sends them back. */
export function browser(app: FastifyInstance) {
  const jar = new Map<string, string>()
  async function request<T = any>(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> {
    const res = await app.inject({
      method,
      url,
      headers: { ...headers },
      cookies: Object.fromEntries(jar),
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    })
    const set: Record<string, string> = {}
    for (const cookie of res.cookies) {
      const expired = cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now())
      if (expired) jar.delete(cookie.name)
      else jar.set(cookie.name, cookie.value)
      set[cookie.name] = cookie.value
    }
    const text = res.body
    return {
      status: res.statusCode,
      body: (text && res.headers['content-type']?.toString().includes('json') ? JSON.parse(text) : text) as T,
      cookies: set,
    }
  }
  return {
    jar,
    get: <T = any>(url: string, headers?: Record<string, string>) => request<T>('GET', url, undefined, headers),
    post: <T = any>(url: string, body?: unknown, headers?: Record<string, string>) =>
      request<T>('POST', url, body ?? {}, headers),
    put: <T = any>(url: string, body?: unknown) => request<T>('PUT', url, body ?? {}),
    delete: <T = any>(url: string) => request<T>('DELETE', url),
  }
}

export type Browser = ReturnType<typeof browser>

export const ADMIN = { name: 'Ada Admin', email: 'ada@example.com', password: 'correct horse battery' }

/** Runs first-run setup and returns a browser signed in as the admin. */
export async function setUpAdmin(app: FastifyInstance): Promise<Browser> {
  const b = browser(app)
  const res = await b.post('/api/v1/organization-setup', ADMIN)
  if (res.status !== 200) throw new Error(`Setup failed: ${JSON.stringify(res.body)}`)
  return b
}
