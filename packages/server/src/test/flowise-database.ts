import { createCipheriv, createHash, randomBytes, scryptSync } from 'node:crypto'
import SQLite from 'better-sqlite3'
import pg from 'pg'

// Our own writer of a Flowise 3.x database: Flowise's table and column names (its TypeORM
// entities), SQLite's `datetime('now')` text times and 0/1 booleans or PostgreSQL's timestamp and
// boolean columns, and credentials in crypto-js's AES format, written here with node:crypto.

type Kind = 'id' | 'text' | 'bool' | 'time' | 'int'
type Columns = Record<string, Kind>

/** `name:kind` pairs, text when no kind is given; the first column is the primary key. */
const columns = (spec: string): Columns =>
  Object.fromEntries(
    spec
      .trim()
      .split(/\s+/)
      .map((pair) => [pair.split(':')[0]!, (pair.split(':')[1] ?? 'text') as Kind]),
  )

const DATES = 'createdDate:time updatedDate:time'
const SCHEMA: Record<string, Columns> = {
  chat_flow: columns(
    `id:id name flowData deployed:bool isPublic:bool apikeyid chatbotConfig apiConfig analytic speechToText
     textToSpeech followUpPrompts category type workspaceId ${DATES}`,
  ),
  credential: columns(`id:id name credentialName encryptedData workspaceId ${DATES}`),
  apikey: columns('id apiKey apiSecret keyName permissions workspaceId updatedDate:time'),
  tool: columns(`id:id name description color iconSrc schema func workspaceId ${DATES}`),
  variable: columns(`id:id name value type workspaceId ${DATES}`),
  assistant: columns(`id:id details credential iconSrc type workspaceId ${DATES}`),
  custom_template: columns(`id:id name flowData description badge framework usecases type workspaceId ${DATES}`),
  chat_message: columns(
    `id:id role chatflowid:id executionId content sourceDocuments usedTools fileAnnotations agentReasoning
     fileUploads artifacts action chatType chatId memoryType sessionId leadEmail followUpPrompts createdDate:time`,
  ),
  chat_message_feedback: columns('id:id chatflowid:id chatId messageId:id rating content createdDate:time'),
  lead: columns('id:id name email phone chatflowid chatId createdDate:time'),
  document_store: columns(
    `id:id name description loaders whereUsed status vectorStoreConfig embeddingConfig recordManagerConfig
     workspaceId ${DATES}`,
  ),
  upsert_history: columns('id:id chatflowid result flowData date:time'),
  document_store_file_chunk: columns('id:id docId:id storeId:id chunkNo:int pageContent metadata'),
  execution: columns(
    `id:id executionData action state agentflowId:id sessionId isPublic:bool workspaceId ${DATES} stoppedDate:time`,
  ),
}

export type FlowiseFixtureRows = Record<string, Record<string, unknown>[]>

/** A key as Flowise's generateEncryptKey makes one: 24 random bytes in base64. */
export const flowiseEncryptionKey = (): string => randomBytes(24).toString('base64')

/** What crypto-js `AES.encrypt(JSON.stringify(data), key).toString()` writes: OpenSSL's salted format. */
export function encryptLikeFlowise(data: unknown, key: string): string {
  const salt = randomBytes(8)
  let derived = Buffer.alloc(0)
  let block = Buffer.alloc(0)
  while (derived.length < 48) {
    block = createHash('md5')
      .update(Buffer.concat([block, Buffer.from(key, 'utf8'), salt]))
      .digest()
    derived = Buffer.concat([derived, block])
  }
  const cipher = createCipheriv('aes-256-cbc', derived.subarray(0, 32), derived.subarray(32, 48))
  const body = Buffer.concat([cipher.update(JSON.stringify(data), 'utf8'), cipher.final()])
  return Buffer.concat([Buffer.from('Salted__'), salt, body]).toString('base64')
}

/** A Flowise API key and the scrypt hash Flowise 3.x keeps beside it. */
export function flowiseApiKey(): { apiKey: string; apiSecret: string } {
  const apiKey = randomBytes(32).toString('base64url')
  const salt = randomBytes(8).toString('hex')
  return { apiKey, apiSecret: `${scryptSync(apiKey, salt, 64).toString('hex')}.${salt}` }
}

/** `2026-12-01T10:00:00.000Z` as SQLite's datetime('now') and PostgreSQL's timestamp text write it. */
const dbTime = (iso: string) => iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, '')

const sqlType = (kind: Kind, dialect: 'sqlite' | 'postgres') =>
  ({
    id: dialect === 'sqlite' ? 'varchar' : 'uuid',
    text: dialect === 'sqlite' ? 'varchar' : 'text',
    bool: 'boolean',
    time: dialect === 'sqlite' ? 'datetime' : 'timestamp',
    int: 'integer',
  })[kind]

function createStatements(dialect: 'sqlite' | 'postgres'): string[] {
  return Object.entries(SCHEMA).map(([table, columns]) => {
    const defs = Object.entries(columns).map(([column, kind], index) => {
      const primary = index === 0 ? ' PRIMARY KEY NOT NULL' : ''
      const now = dialect === 'sqlite' ? "(datetime('now'))" : 'now()'
      const timeDefault = kind === 'time' && column !== 'stoppedDate' ? ` NOT NULL DEFAULT ${now}` : ''
      return `"${column}" ${sqlType(kind, dialect)}${primary}${timeDefault}`
    })
    return `CREATE TABLE "${table}" (${defs.join(', ')})`
  })
}

function valueOf(kind: Kind | undefined, value: unknown, dialect: 'sqlite' | 'postgres'): unknown {
  if (value === undefined || value === null) return null
  if (kind === 'bool' && dialect === 'sqlite') return value ? 1 : 0
  if (kind === 'time') return dbTime(String(value))
  return value
}

function insertsOf(rows: FlowiseFixtureRows, dialect: 'sqlite' | 'postgres') {
  return Object.entries(rows).flatMap(([table, list]) =>
    list.map((row) => {
      const columns = Object.keys(row)
      const marks = columns.map((_, i) => (dialect === 'sqlite' ? '?' : `$${i + 1}`))
      return {
        sql: `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${marks.join(', ')})`,
        values: columns.map((c) => valueOf(SCHEMA[table]?.[c], row[c], dialect)),
      }
    }),
  )
}

/** Writes the rows into a new Flowise SQLite database file at `path`. */
export function writeFlowiseSqlite(path: string, rows: FlowiseFixtureRows): void {
  const db = new SQLite(path)
  try {
    for (const statement of createStatements('sqlite')) db.exec(statement)
    for (const { sql, values } of insertsOf(rows, 'sqlite')) db.prepare(sql).run(...values)
  } finally {
    db.close()
  }
}

/**
 * Writes the rows into a new schema of the PostgreSQL database at `url`, as Flowise's tables; the
 * answered URL reaches that schema (`options=-c search_path=…`), and `drop` removes it.
 */
export async function writeFlowisePostgres(url: string, rows: FlowiseFixtureRows) {
  const schema = `flowise_${randomBytes(6).toString('hex')}`
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(`CREATE SCHEMA ${schema}`)
    await client.query(`SET search_path TO ${schema}`)
    for (const statement of createStatements('postgres')) await client.query(statement)
    for (const { sql, values } of insertsOf(rows, 'postgres')) await client.query(sql, values)
  } finally {
    await client.end()
  }
  const withSchema = new URL(url)
  withSchema.searchParams.set('options', `-c search_path=${schema}`)
  return {
    url: withSchema.toString(),
    async drop() {
      const admin = new pg.Client({ connectionString: url })
      await admin.connect()
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await admin.end()
    },
  }
}
