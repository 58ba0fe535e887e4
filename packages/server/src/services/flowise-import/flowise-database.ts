import { existsSync, statSync } from 'node:fs'
import SQLite from 'better-sqlite3'
import pg from 'pg'

// Reads the tables of a Flowise 3.x database, SQLite file or PostgreSQL, as plain rows with
// Flowise's column names. Only reads: the SQLite file is opened read-only.

/** Flowise's TypeORM entity tables this migration reads. */
export const FLOWISE_TABLES = [
  'chat_flow',
  'credential',
  'apikey',
  'tool',
  'variable',
  'assistant',
  'custom_template',
  'chat_message',
  'chat_message_feedback',
  'lead',
  'document_store',
  'document_store_file_chunk',
  'execution',
] as const
export type FlowiseTable = (typeof FLOWISE_TABLES)[number]

/** Flowise tables whose records Weft has no place for yet; the report counts what they hold. */
export const UNMIGRATED_TABLES = {
  upsert_history: 'upsert history',
  dataset: 'evaluation datasets',
  dataset_row: 'evaluation dataset rows',
  evaluation: 'evaluations',
  evaluation_run: 'evaluation runs',
  evaluator: 'evaluators',
  custom_mcp_server: 'custom MCP servers',
  schedule_record: 'schedules',
  schedule_trigger_log: 'schedule runs',
} as const
type UnmigratedTable = keyof typeof UNMIGRATED_TABLES

export type FlowiseRow = Record<string, unknown>
export type FlowiseTables = Record<FlowiseTable, FlowiseRow[]> & {
  /** How many rows each table Weft does not migrate holds, where it holds any. */
  unmigrated: Partial<Record<UnmigratedTable, number>>
}

/** A problem with the database named on the command line: nothing was read, nothing written. */
export class FlowiseSourceError extends Error {}

/** Tables every Flowise installation has; without them the file is something else. */
const REQUIRED: readonly FlowiseTable[] = ['chat_flow', 'credential']

interface Reader {
  tableNames(): Promise<Set<string>>
  rows(table: FlowiseTable): Promise<FlowiseRow[]>
  count(table: string): Promise<number>
  close(): Promise<void>
}

function sqliteReader(path: string): Reader {
  if (!existsSync(path)) throw new FlowiseSourceError(`No Flowise database at ${path}: the file does not exist`)
  if (!statSync(path).isFile()) throw new FlowiseSourceError(`No Flowise database at ${path}: it is not a file`)
  const database = new SQLite(path, { readonly: true, fileMustExist: true })
  return {
    tableNames: async () => {
      const rows = database.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]
      return new Set(rows.map((row) => row.name))
    },
    rows: async (table) => database.prepare(`SELECT * FROM "${table}"`).all() as FlowiseRow[],
    count: async (table) => (database.prepare(`SELECT COUNT(*) AS n FROM "${table}"`).get() as { n: number }).n,
    close: async () => {
      database.close()
    },
  }
}

/** PostgreSQL `timestamp` columns hold UTC without a zone (TypeORM writes them so); read them as UTC. */
const TIMESTAMP_OID = 1114
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMP_OID
      ? (text: string) => new Date(`${text.replace(' ', 'T')}Z`).toISOString()
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
}

async function postgresReader(url: string): Promise<Reader> {
  const client = new pg.Client({ connectionString: url, types: pgTypes })
  await client.connect()
  return {
    tableNames: async () => {
      const result = await client.query<{ table_name: string }>(
        'SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()',
      )
      return new Set(result.rows.map((row) => row.table_name))
    },
    rows: async (table) => (await client.query<FlowiseRow>(`SELECT * FROM "${table}"`)).rows,
    count: async (table) =>
      Number((await client.query<{ n: string }>(`SELECT COUNT(*) AS n FROM "${table}"`)).rows[0]?.n),
    close: () => client.end(),
  }
}

const isPostgresUrl = (database: string) => /^postgres(ql)?:\/\//i.test(database)

/** Where the database is, as the command names it, with any password left out. */
export const describeDatabase = (database: string): string => {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(database)) return database
  try {
    const url = new URL(database)
    url.password = ''
    return url.toString()
  } catch {
    return 'the database URL given (which is not a valid URL)'
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Every row of the tables Flowise keeps, by table; a table this installation lacks (an older
 * Flowise without API keys in the database, say) reads as empty. Throws FlowiseSourceError,
 * naming the database, when it cannot be opened or is not Flowise's.
 */
export async function readFlowiseDatabase(database: string): Promise<FlowiseTables> {
  const where = describeDatabase(database)
  let reader: Reader | undefined
  if (/^(mysql|mariadb):\/\//i.test(database)) {
    throw new FlowiseSourceError(
      `${where}: a Flowise on MySQL or MariaDB cannot be read yet; give its SQLite file or a postgres:// URL`,
    )
  }
  try {
    reader = isPostgresUrl(database) ? await postgresReader(database) : sqliteReader(database)
    const present = await reader.tableNames()
    const missing = REQUIRED.filter((table) => !present.has(table))
    if (missing.length > 0) {
      throw new FlowiseSourceError(`${where} is not a Flowise database: it has no ${missing.join(' or ')} table`)
    }
    const tables = { unmigrated: {} } as FlowiseTables
    for (const table of FLOWISE_TABLES) tables[table] = present.has(table) ? await reader.rows(table) : []
    for (const table of Object.keys(UNMIGRATED_TABLES) as UnmigratedTable[]) {
      const count = present.has(table) ? await reader.count(table) : 0
      if (count > 0) tables.unmigrated[table] = count
    }
    return tables
  } catch (error) {
    if (error instanceof FlowiseSourceError) throw error
    throw new FlowiseSourceError(`Cannot read the Flowise database ${where}: ${messageOf(error)}`)
  } finally {
    await reader?.close().catch(() => undefined)
  }
}
