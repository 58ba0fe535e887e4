import { randomBytes } from 'node:crypto'
import pg from 'pg'

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL names one. */
export interface TestDialect {
  name: 'sqlite' | 'postgres'
  url?: string
}

export function testDialects(): TestDialect[] {
  const url = process.env.TEST_DATABASE_URL
  return [{ name: 'sqlite' }, ...(url ? [{ name: 'postgres' as const, url }] : [])]
}

/** A new schema name for one server of a test on PostgreSQL (WEFT_DATABASE_SCHEMA, or BuildOptions.databaseSchema). */
export const testSchemaName = (prefix = 'test') => `${prefix}_${randomBytes(6).toString('hex')}`

/** Drops a test's schema and everything in it. */
export async function dropTestSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
  } finally {
    await client.end()
  }
}

/**
 * The environment for a compiled server or command a test starts: the test run's, without its
 * database (each test names its own) nor Vitest's MODE=test (MODE is Weft's main/queue setting).
 */
export function childEnvironment(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _database, WEFT_DATABASE_SCHEMA: _schema, MODE: _mode, ...inherited } = process.env
  return inherited
}
